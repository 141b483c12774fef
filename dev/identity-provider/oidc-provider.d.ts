// oidc-provider ships no types. These describe only the part of its API that the local identity
// provider uses (its documentation has the rest); @types/oidc-provider would bring Koa's types
// along for these few lines.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = {
    uid?: string;
    grantId?: string;
    consumed?: number;
    [key: string]: unknown;
  };

  export type OidcAdapter = {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  };

  export type Account = {
    accountId: string;
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>;
  };

  export type ClientMetadata = {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    response_types: string[];
    grant_types: string[];
    token_endpoint_auth_method: string;
    id_token_signed_response_alg: string;
    client_name?: string;
  };

  export type OidcContext = {
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string };
      result?: { login?: { accountId: string } } & Record<string, unknown>;
      params?: Record<string, unknown>;
      requestParamOIDCScopes: Set<string>;
    };
    type: string;
    body: unknown;
    /** The Node request, and the path below the mount point (Koa's). */
    req: IncomingMessage;
    path: string;
    method: string;
    querystring: string;
  };

  export type ErrorOut = { error: string; error_description?: string };

  export type InteractionResult =
    | ({ login: { accountId: string } } & Record<string, unknown>)
    | { error: string; error_description?: string };

  export type Interaction = {
    uid: string;
    prompt: { name: string; reasons: string[] };
    params: Record<string, unknown>;
  };

  export type Configuration = {
    adapter: (model: string) => OidcAdapter;
    clients: ClientMetadata[];
    claims: Record<string, string[]>;
    clientAuthMethods: string[];
    clientBasedCORS: (ctx: OidcContext, origin: string, client: unknown) => boolean;
    conformIdTokenClaims: boolean;
    cookies: {
      names: { session: string; interaction: string; resume: string };
      keys: string[];
    };
    enabledJWA: { idTokenSigningAlgValues: string[] };
    features: Record<string, { enabled: boolean }>;
    findAccount: (ctx: OidcContext, id: string) => Promise<Account | undefined>;
    interactions: {
      policy: InteractionPolicy;
      url: (ctx: OidcContext, interaction: Interaction) => string;
    };
    jwks: { keys: object[] };
    loadExistingGrant: (ctx: OidcContext) => Promise<Grant | undefined>;
    pkce: { required: () => boolean };
    renderError: (ctx: OidcContext, out: ErrorOut, error: Error) => void;
    responseTypes: string[];
    routes: Record<string, string>;
    scopes: string[];
    ttl: Record<string, number>;
  };

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  class Check {
    constructor(reason: string, description: string, check: (ctx: OidcContext) => boolean);
    static REQUEST_PROMPT: true;
    static NO_NEED_TO_PROMPT: false;
  }

  class Prompt {
    constructor(options: { name: string; requestable: boolean }, ...checks: Check[]);
    name: string;
    checks: Check[] & { add(check: Check, index?: number): void };
  }

  type InteractionPolicy = Prompt[] & {
    get(name: string): Prompt | undefined;
    add(prompt: Prompt, index?: number): void;
  };

  export const interactionPolicy: {
    base(): InteractionPolicy;
    Check: typeof Check;
    Prompt: typeof Prompt;
  };

  export type ProviderEvent = 'server_error' | 'authorization.error' | 'grant.error' | 'interaction.started';

  export class Provider {
    constructor(issuer: string, configuration: Partial<Configuration>);
    readonly issuer: string;
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission: boolean },
    ): Promise<void>;
    on(event: ProviderEvent, listener: (ctx: OidcContext, error: Error) => void): this;
    /** Koa middleware around every request of this provider. */
    use(middleware: (ctx: OidcContext, next: () => Promise<void>) => Promise<void>): this;
  }

  export default Provider;
}
