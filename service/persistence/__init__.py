"""Persistence: the Neo4j driver, every Cypher statement, the repository, the in-memory catalogue
snapshot (the versioned read model the app answers from) and the local server."""
