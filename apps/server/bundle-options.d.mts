import type { BuildOptions } from 'esbuild';
export declare function serverBundleOptions(entryPoints: Record<string, string>, outdir: string): BuildOptions;
