/** The command on one line, shortened: `npm run dev`, `python3 -c 'import…`. */
export declare function commandLabel(command: string): string;
/** `45s`, `12m`, `2h 5m`. */
export declare function formatAge(ms: number): string;
/** `10 minutes`, `1 hour`, `250 ms`: for stated limits. */
export declare function formatDuration(ms: number): string;
