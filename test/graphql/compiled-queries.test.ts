import assert from 'node:assert/strict';
import http from 'node:http';
import { before, describe, it } from 'node:test';
import { buildSchema, getIntrospectionQuery, parse, print } from 'graphql';
import { RepositoryByNameDocument } from '../../rest-facade/__generated__/graphql.ts';
import { CompiledQueries, type CompiledQueryOptions } from '../../src/graphql/compiled-queries.ts';
import { regularMediaType } from '../../src/graphql/json-post.ts';
import { schema } from '../../src/graphql/schema.ts';
import { createAccount, createToken, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface Sent {
  /** Path and query under the server's root; /api/graphql by default. */
  path?: string;
  /** Replace the defaults (JSON in and out); undefined leaves a header out. */
  headers?: Record<string, string | undefined>;
  /** The raw body; `params` are sent as JSON otherwise. */
  body?: string;
  params?: { query: string; variables?: unknown; operationName?: unknown; [other: string]: unknown };
}

/** A POST with exactly these headers (no client adds its own), and the reply without its Date. */
function post(root: string, sent: Sent): Promise<Reply> {
  const url = new URL(sent.path ?? 'api/graphql', root);
  const body = sent.body ?? JSON.stringify(sent.params);
  const merged = { 'content-type': 'application/json', accept: 'application/json', 'content-length': String(Buffer.byteLength(body)), ...sent.headers };
  const headers = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as Record<string, string>;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const { date: _date, ...rest } = res.headers;
        resolve({ status: res.statusCode!, headers: rest, body: text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('compiled GraphQL queries', () => {
  const kit = useServer();
  let owner: TestAccount;
  let token: string;
  let caseNumber = 0;

  before(async () => {
    owner = await createAccount(kit.api);
    token = await createToken(kit.api, owner, ['read:user', 'read:repository', 'read:organization']);
    await buildRepo(kit, owner, { name: 'compiled', autoInit: true });
    await buildRepo(kit, owner, { name: 'second' });
  });

  /**
   * Sends a request three times with a document text no request used before (a comment makes it new), so
   * that graphql-yoga interprets the first and a compiled query may answer the next; every reply must be
   * the first one. Returns that reply and how many of the three a compiled query answered.
   */
  async function thrice(sent: Sent, auth: Record<string, string | undefined> = { authorization: `token ${token}` }) {
    const marked = sent.params ? { ...sent, params: { ...sent.params, query: `# case ${++caseNumber}\n${sent.params.query}` } } : sent;
    const before = kit.app.graphqlCompiledAnswers;
    const first = await post(kit.url, { ...marked, headers: { ...auth, ...marked.headers } });
    for (let i = 0; i < 2; i++) assert.deepEqual(await post(kit.url, { ...marked, headers: { ...auth, ...marked.headers } }), first);
    return { reply: first, compiled: kit.app.graphqlCompiledAnswers - before, json: () => JSON.parse(first.body) };
  }

  it('answers a repeated query from its compiled form exactly as graphql-yoga answered it the first time', async () => {
    const found = await thrice({ params: { query: print(RepositoryByNameDocument), variables: { owner: owner.login, name: 'compiled' } } });
    assert.equal(found.compiled, 2, 'the second and third requests are answered by the compiled query');
    assert.equal(found.reply.status, 200);
    assert.equal(found.reply.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(found.json().data.repository.name, 'compiled');
    assert.match(found.json().data.repository.createdAt, /^\d{4}-\d\d-\d\dT/);

    const absent = await thrice({ params: { query: print(RepositoryByNameDocument), variables: { owner: owner.login, name: 'absent' } } });
    assert.equal(absent.compiled, 2);
    assert.deepEqual(absent.json(), { data: { repository: null } });
  });

  it('applies @include and @skip, on fields, fragment spreads and inline fragments, from the variables of each request', async () => {
    const query = `query($yes: Boolean!, $no: Boolean!) {
      viewer {
        login @include(if: $yes)
        email @skip(if: $yes)
        ...Named @include(if: $no)
        ...Located @skip(if: $no)
        ... on User @include(if: $yes) { databaseId }
        ... @skip(if: $yes) { website }
      }
    }
    fragment Named on User { fullName }
    fragment Located on User { location description @include(if: $yes) }`;
    for (const [yes, no] of [[true, false], [false, true], [true, true], [false, false]]) {
      const res = await thrice({ params: { query, variables: { yes, no } } });
      assert.equal(res.compiled, 2);
      const viewer = res.json().data.viewer;
      assert.equal('login' in viewer, yes);
      assert.equal('email' in viewer, !yes);
      assert.equal('fullName' in viewer, no);
      assert.equal('location' in viewer, !no);
      assert.equal('description' in viewer, !no && yes);
      assert.equal('databaseId' in viewer, yes);
      assert.equal('website' in viewer, !yes);
    }
  });

  it('answers aliases, __typename, nested fragments, connections and node lookups as before', async () => {
    const repos = await thrice({
      params: {
        query: `query($n: Int) { __typename me: viewer { __typename ...Repos } }
          fragment Repos on User { repositories(first: $n) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { ...Repo } } } }
          fragment Repo on Repository { __typename id name owner { login } }`,
        variables: { n: 1 },
      },
    });
    assert.equal(repos.compiled, 2);
    const connection = repos.json().data.me.repositories;
    assert.equal(connection.totalCount, 2);
    assert.equal(connection.pageInfo.hasNextPage, true);
    const id = connection.edges[0].node.id;

    const nodes = await thrice({
      params: {
        query: `query($id: ID!, $ids: [ID!]!) { node(id: $id) { __typename id ... on Repository { name } ... on User { login } } nodes(ids: $ids) { __typename } }`,
        variables: { id, ids: [id] },
      },
    });
    assert.equal(nodes.compiled, 2);
    assert.equal(nodes.json().data.node.name, 'compiled');
  });

  it('answers the introspection query as before', async () => {
    const res = await thrice({ params: { query: getIntrospectionQuery() } });
    assert.equal(res.compiled, 2);
    assert.ok(res.json().data.__schema.types.some((t: { name: string }) => t.name === 'Repository'));
  });

  it('leaves errors to graphql-yoga: a query with an error answers as it did, and never from the compiled query', async () => {
    const failing = await thrice({ params: { query: '{ viewer { login } team(id: 987654) { name } }' } });
    assert.equal(failing.compiled, 0);
    assert.ok(failing.json().errors?.length, failing.reply.body);

    const invalid = await thrice({ params: { query: '{ viewer { noSuchField } }' } });
    assert.equal(invalid.compiled, 0);
    assert.match(invalid.reply.body, /noSuchField/);

    const unparsable = await thrice({ params: { query: '{ viewer { login }' } });
    assert.equal(unparsable.compiled, 0);
    assert.match(unparsable.reply.body, /Syntax Error/);
  });

  it('checks variables as graphql-js does, request by request', async () => {
    const query = 'query($n: Int, $login: String!) { user(login: $login) { login followers(first: $n) { totalCount } } }';
    const wrongType = await thrice({ params: { query, variables: { n: 'many', login: owner.login } } });
    assert.equal(wrongType.compiled, 0);
    assert.match(wrongType.reply.body, /Int cannot represent/);
    const missing = await thrice({ params: { query, variables: { n: 1 } } });
    assert.equal(missing.compiled, 0);
    assert.match(missing.reply.body, /\$login/);
    const valid = await thrice({ params: { query, variables: { n: 1, login: owner.login } } });
    assert.equal(valid.compiled, 2);
    assert.equal(valid.json().data.user.login, owner.login);
  });

  it('enforces the cost limits on compiled queries, with the page sizes of each request', async () => {
    const fields = Array.from({ length: 12 }, (_, i) => `u${i}: users(first: $n) { nodes { login email } }`).join(' ');
    const query = `query($n: Int) { ${fields} }`;
    const cheap = await thrice({ params: { query, variables: { n: 1 } } });
    assert.equal(cheap.compiled, 2);
    // The same document, compiled by now: a large page makes it too costly.
    const costly = await post(kit.url, { headers: { authorization: `token ${token}` }, params: { query: `# case ${caseNumber}\n${query}`, variables: { n: 100 } } });
    assert.match(costly.body, /exceeds maximum complexity/);
    const nested = (levels: number): string => (levels === 0 ? 'login' : `followers(first: 1) { nodes { ${nested(levels - 1)} } }`);
    const deep = await thrice({ params: { query: `{ viewer { ${nested(6)} } }` } });
    assert.equal(deep.compiled, 0);
    assert.match(deep.reply.body, /exceeds maximum depth/);
  });

  it('picks the operation by name as graphql-yoga does', async () => {
    const query = 'query Login { viewer { login } } query Id { viewer { databaseId } }';
    const byName = await thrice({ params: { query, operationName: 'Id' } });
    assert.equal(byName.compiled, 2);
    assert.deepEqual(Object.keys(byName.json().data.viewer), ['databaseId']);
    for (const operationName of [undefined, null, '', 'Other']) {
      const unnamed = await thrice({ params: { query, operationName } });
      assert.equal(unnamed.compiled, 0, `operationName ${JSON.stringify(operationName)}`);
      assert.ok(JSON.parse(unnamed.reply.body).errors?.length, unnamed.reply.body);
    }
    const single = await thrice({ params: { query: '{ viewer { login } }', operationName: null } });
    assert.equal(single.compiled, 2);
  });

  it('never runs a mutation from a compiled query', async () => {
    const star = await thrice({ params: { query: 'mutation($o: String!, $n: String!) { starRepository(owner: $o, name: $n) }', variables: { o: owner.login, n: 'compiled' } } }, {
      authorization: `Basic ${Buffer.from(`${owner.login}:${owner.password}`).toString('base64')}`,
    });
    assert.equal(star.compiled, 0);
    assert.deepEqual(star.json(), { data: { starRepository: true } });
  });

  it('answers with the media type the Accept header asks for, and leaves other media types to graphql-yoga', async () => {
    const query = '{ viewer { login } }';
    const answers: [string | undefined, string, number][] = [
      [undefined, 'application/json', 2],
      ['*/*', 'application/json', 2],
      ['application/graphql-response+json', 'application/graphql-response+json', 2],
      ['application/graphql-response+json, application/json;q=0.9', 'application/graphql-response+json', 2],
      ['application/json, multipart/mixed', 'application/json', 2],
      ['application/*', 'application/json', 2],
      ['application/json; charset=latin1', '', 0],
      ['text/event-stream', 'text/event-stream', 0],
      ['text/html', '', 0],
    ];
    for (const [accept, type, compiled] of answers) {
      const res = await thrice({ params: { query }, headers: { accept } });
      assert.equal(res.compiled, compiled, `Accept: ${accept}`);
      if (type) assert.equal(String(res.reply.headers['content-type']).split(';')[0], type, `Accept: ${accept}`);
    }
  });

  it('leaves to graphql-yoga what it answers differently: other origins, bodies it refuses, other paths', async () => {
    const query = '{ viewer { login } }';
    const cors = await thrice({ params: { query }, headers: { origin: 'http://elsewhere.test' } });
    assert.equal(cors.compiled, 0);
    assert.equal(cors.reply.headers['access-control-allow-origin'], 'http://elsewhere.test');

    const charset = await thrice({ params: { query }, headers: { 'content-type': 'application/json; charset=utf-8' } });
    assert.equal(charset.compiled, 2);

    const extra = await thrice({ params: { query, unexpected: 1 } });
    assert.equal(extra.compiled, 0);
    assert.equal(extra.reply.status, 400);

    for (const body of ['{"query": ', 'null', '[]', '"text"', '{"query": 1}', '{"query": "{ viewer { login } }", "variables": []}']) {
      const refused = await thrice({ body });
      assert.equal(refused.compiled, 0, body);
      assert.equal(refused.reply.status, 400, `${body}: ${refused.reply.body}`);
    }

    const trailing = await thrice({ params: { query }, path: 'api/graphql/' });
    assert.equal(trailing.compiled, 0);
  });

  it('keeps the deprecation warning of a token in the query string', async () => {
    const res = await thrice({ params: { query: '{ viewer { login } }' }, path: `api/graphql?token=${token}` }, {});
    assert.equal(res.compiled, 2);
    assert.match(String(res.reply.headers.warning), /deprecated/);
    assert.equal(res.json().data.viewer.login, owner.login);
  });
});

describe('which documents get compiled', () => {
  const limits = { depth: 5, breadth: 20, complexity: 100 };
  const compiler = (options: Partial<CompiledQueryOptions> = {}) => new CompiledQueries(schema, { compileAfter: 1, capacity: 10, maxLength: 1000, limits, ...options });

  it('compiles a document on its compileAfter-th request, and only query operations', () => {
    const queries = compiler({ compileAfter: 3 });
    assert.equal(queries.lookup('{ viewer { login } }', undefined, {}), undefined);
    assert.equal(queries.lookup('{ viewer { login } }', undefined, {}), undefined);
    assert.ok(queries.lookup('{ viewer { login } }', undefined, {}));
    const once = compiler();
    assert.equal(once.lookup('mutation { starRepository(owner: "a", name: "b") }', undefined, {}), undefined);
    assert.equal(once.lookup('subscription { viewerEvents { __typename } }', undefined, {}), undefined);
    assert.equal(once.lookup('{ viewer { nothing } }', undefined, {}), undefined, 'an invalid document');
    assert.equal(once.lookup('{ viewer { login }', undefined, {}), undefined, 'a document that does not parse');
  });

  it('compiles nothing beyond the depth and breadth limits, however fragments multiply it', () => {
    const queries = compiler();
    assert.ok(queries.lookup('{ viewer { followers(first: 1) { nodes { login } } } }', undefined, {}));
    assert.equal(queries.lookup('{ viewer { followers(first: 1) { nodes { followers(first: 1) { nodes { login } } } } } }', undefined, {}), undefined);
    // Each level doubles what the next one selects: 2^12 fields from a few lines.
    const levels = Array.from({ length: 12 }, (_, i) => `fragment F${i} on User { a: login ...F${i + 1} b: login ...F${i + 1} }`).join('\n');
    assert.equal(queries.lookup(`{ viewer { ...F0 } }\n${levels}\nfragment F12 on User { login }`, undefined, {}), undefined);
  });

  it('measures the cost once when it cannot change, and compiles nothing always too costly', () => {
    const queries = compiler();
    assert.equal(queries.lookup('{ viewer { login } }', undefined, {})?.facts.costChecked, true);
    // A connection's cost is its page size: measured on every run.
    assert.equal(queries.lookup('{ viewer { followers(first: 2) { nodes { login } } } }', undefined, {})?.facts.costChecked, false);
    const strict = compiler({ limits: { ...limits, complexity: 3 } });
    assert.ok(strict.lookup('{ viewer { login email } }', undefined, {}));
    assert.equal(strict.lookup('{ viewer { login email fullName } }', undefined, {}), undefined);
  });

  it('remembers no document longer than maxLength, and no more than capacity documents', () => {
    const queries = compiler({ compileAfter: 2, capacity: 2, maxLength: 30 });
    const long = `{ viewer { ${'login '.repeat(10)}} }`;
    assert.equal(queries.lookup(long, undefined, {}), undefined);
    assert.equal(queries.lookup(long, undefined, {}), undefined);
    queries.lookup('{ viewer { login } }', undefined, {});
    queries.lookup('{ viewer { email } }', undefined, {});
    queries.lookup('{ viewer { id } }', undefined, {});
    assert.equal(queries.lookup('{ viewer { login } }', undefined, {}), undefined, 'forgotten: counted anew');
    assert.ok(queries.lookup('{ viewer { id } }', undefined, {}));
  });

  it('waits for variables graphql-js accepts before it decides', () => {
    const queries = compiler();
    const query = 'query($login: String!) { user(login: $login) { login } }';
    assert.equal(queries.lookup(query, undefined, {}), undefined);
    const operation = queries.lookup(query, undefined, { login: 'someone' });
    assert.ok(operation);
    assert.equal(operation.facts.checkVariables, false, 'graphql-jit checks scalars as graphql-js does');
  });

  it('runs nothing with input object variables graphql-js refuses, which graphql-jit would take', async () => {
    const echo = buildSchema('type Query { echo(input: In): String } input In { a: String }');
    (echo.getQueryType()!.getFields().echo!).resolve = (_root, args) => JSON.stringify(args.input);
    const queries = new CompiledQueries(echo, { compileAfter: 1, capacity: 10, maxLength: 1000, limits });
    const operation = queries.lookup('query($i: In) { echo(input: $i) }', undefined, { i: { a: 'x' } });
    assert.ok(operation?.facts.checkVariables);
    assert.deepEqual(await operation.run({} as never, { i: { a: 'y' } }), { data: { echo: '{"a":"y"}' } });
    assert.equal(operation.run({} as never, { i: [] }), undefined, 'graphql-js: In must be an object');
    const { compileQuery } = await import('graphql-jit');
    const jit = compileQuery(echo, parse('query($i: In) { echo(input: $i) }'));
    assert.deepEqual(await (jit as { query: (...a: unknown[]) => unknown }).query(undefined, {}, { i: [] }), { data: { echo: '{}' } }, 'graphql-jit alone takes it');
  });
});

describe('the media type of an answer', () => {
  it('is the one graphql-yoga picks for a single result', () => {
    assert.equal(regularMediaType(undefined), 'application/json');
    assert.equal(regularMediaType(''), 'application/json');
    assert.equal(regularMediaType('application/json'), 'application/json');
    assert.equal(regularMediaType('application/graphql-response+json'), 'application/graphql-response+json');
    assert.equal(regularMediaType('application/json, application/graphql-response+json'), 'application/json');
    assert.equal(regularMediaType('application/graphql-response+json;charset=utf-8, application/json'), 'application/graphql-response+json');
    assert.equal(regularMediaType('Application/JSON'), 'application/json');
    assert.equal(regularMediaType('application/json;charset=iso-8859-1'), undefined);
    assert.equal(regularMediaType('text/event-stream'), undefined);
    assert.equal(regularMediaType('multipart/mixed'), undefined);
  });
});
