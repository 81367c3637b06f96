/** Writes the server bundle into `outdir` (emptied first); returns the path of its entry. */
export function bundleServer(outdir: string): string;
/** Node's arguments to run a bundle's entry. */
export function bundleNodeArgs(entry: string): string[];
