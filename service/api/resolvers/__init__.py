"""Resolvers, one module per capability; schema.py merges their query types."""
