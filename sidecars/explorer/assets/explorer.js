// The explorer's GraphiQL page: renders GraphiQL (React, ReactDOM and GraphiQL are globals of the
// scripts before this one) and sends its queries to /graphql.
//
// When the explorer is started with PROSEVA_TOKEN, /graphql wants `Authorization: Bearer <token>`.
// Open the page as /#token=<token>: the token is read from the fragment (which browsers never send
// to a server), kept in this tab's sessionStorage and taken out of the address bar.
(function () {
  'use strict';

  var KEY = 'proseva-explorer-token';
  var token = new URLSearchParams(location.hash.slice(1)).get('token');
  try {
    if (token) {
      sessionStorage.setItem(KEY, token);
    } else {
      token = sessionStorage.getItem(KEY);
    }
  } catch (e) {
    // Storage refused (a private window): the token lasts until the page is reloaded.
  }
  if (location.hash) {
    history.replaceState(null, '', location.pathname + location.search);
  }

  var notice = document.getElementById('notice');
  function say(parts) {
    notice.textContent = '';
    parts.forEach(function (part) {
      if (typeof part === 'string') {
        notice.appendChild(document.createTextNode(part));
      } else {
        var code = document.createElement('code');
        code.textContent = part.code;
        notice.appendChild(code);
      }
    });
    notice.hidden = parts.length === 0;
  }

  function refused(given) {
    var here = location.origin + location.pathname;
    say([
      given
        ? 'The explorer refused the token this page sent (401). Open the page again with the token the explorer was started with: '
        : 'This explorer needs its token (401: it was started with PROSEVA_TOKEN). Open the page as ',
      { code: here + '#token=<PROSEVA_TOKEN>' },
      ', or send an ',
      { code: 'Authorization: Bearer <token>' },
      ' header from the Headers tab below.',
    ]);
  }

  // GraphiQL learns the schema with graphql-js's introspection query, whose type references nest
  // `ofType` seven deep: deeper than the explorer's query depth limit (gql::MAX_DEPTH, 10), which
  // refuses it. This one asks the same with three, enough for the deepest type the schema has
  // (`[Node!]!`), and stays within the limit.
  var INTROSPECTION = [
    'query IntrospectionQuery {',
    '  __schema {',
    '    queryType { name }',
    '    mutationType { name }',
    '    subscriptionType { name }',
    '    types { ...FullType }',
    '    directives { name description locations args { ...InputValue } }',
    '  }',
    '}',
    'fragment FullType on __Type {',
    '  kind name description',
    '  fields(includeDeprecated: true) { name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason }',
    '  inputFields { ...InputValue }',
    '  interfaces { ...TypeRef }',
    '  enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }',
    '  possibleTypes { ...TypeRef }',
    '}',
    'fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }',
    'fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }',
  ].join('\n');

  async function fetcher(params, options) {
    if (params.operationName === 'IntrospectionQuery') {
      params = { query: INTROSPECTION, operationName: 'IntrospectionQuery' };
    }
    var headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
    var own = (options && options.headers) || {};
    Object.keys(own).forEach(function (name) {
      headers[name] = own[name];
    });
    var given = Object.keys(headers).some(function (name) {
      return name.toLowerCase() === 'authorization';
    });
    if (!given && token) {
      headers.Authorization = 'Bearer ' + token;
      given = true;
    }
    var response = await fetch('/graphql', {
      method: 'POST',
      headers: headers,
      body: JSON.stringify(params),
      credentials: 'omit',
    });
    if (response.status === 401) {
      refused(given);
    } else {
      say([]);
    }
    var text = await response.text();
    try {
      return JSON.parse(text);
    } catch (e) {
      return { errors: [{ message: 'HTTP ' + response.status + ': ' + text }] };
    }
  }

  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultEditorToolsVisibility: true,
      defaultQuery:
        '# The Code of Virginia as a graph. Run with Ctrl-Enter; the schema is under Docs.\n' +
        '{\n  stats { nodeCount edgeCount semanticSearch }\n' +
        '  nodes(search: "security deposit", limit: 5) {\n    total\n    nodes { sourceId heading }\n  }\n}\n',
    })
  );
})();
