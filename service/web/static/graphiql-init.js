// GraphiQL from the vendored UMD bundles (no CDN): the API on this origin at /graphql.
(function () {
  var fetcher = GraphiQL.createFetcher({ url: new URL("/graphql", window.location.href).toString() });
  var root = ReactDOM.createRoot(document.getElementById("graphiql"));
  root.render(React.createElement(GraphiQL, { fetcher: fetcher, defaultEditorToolsVisibility: true }));
})();
