"""Counting at scale: splitting a count into sub-problems and running them."""
