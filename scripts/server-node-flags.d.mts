export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function benchServerNodeFlags(env?: NodeJS.ProcessEnv): string[];
