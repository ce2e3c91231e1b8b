// GraphiQL from the vendored UMD bundles (no CDN): the API on this origin at /graphql.
// /graphiql?query=… opens with that document in the editor.
(function () {
  var fetcher = GraphiQL.createFetcher({ url: new URL("/graphql", window.location.href).toString() });
  var props = { fetcher: fetcher, defaultEditorToolsVisibility: true };
  var query = new URLSearchParams(window.location.search).get("query");
  if (query) {
    props.defaultQuery = query;
  }
  ReactDOM.createRoot(document.getElementById("graphiql")).render(React.createElement(GraphiQL, props));
})();
