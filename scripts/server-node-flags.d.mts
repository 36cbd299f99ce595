export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function benchServerNodeFlags(env?: NodeJS.ProcessEnv): string[];
export declare const SERVER_GLIBC_TUNABLES: string;
export declare function benchServerEnv(env?: NodeJS.ProcessEnv): { GLIBC_TUNABLES: string };
