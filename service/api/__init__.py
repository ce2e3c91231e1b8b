"""The GraphQL API (strawberry): types, inputs, result unions, resolvers and the request context."""
