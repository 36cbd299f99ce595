/** The server's environment, as far as its Node flags go: DATABASE_URL says which database. */
type ServerEnv = Readonly<Record<string, string | undefined>>;
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare const EMBEDDED_NODE_FLAGS: readonly string[];
export declare const POSTGRES_NODE_FLAGS: readonly string[];
export declare function serverNodeFlags(env?: ServerEnv): string[];
export declare function benchServerNodeFlags(serverEnv?: ServerEnv, env?: NodeJS.ProcessEnv): string[];
export declare const SERVER_GLIBC_TUNABLES: string;
export declare function benchServerEnv(env?: NodeJS.ProcessEnv): { GLIBC_TUNABLES: string };
