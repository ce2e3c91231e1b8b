"""Persistence: the Neo4j driver, every Cypher statement, the repository and the local server."""
