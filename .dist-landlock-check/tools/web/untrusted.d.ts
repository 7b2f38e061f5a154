export declare function untrustedOpen(what: string, source: string): string;
export declare function untrustedClose(what: string, source: string): string;
/** A page cannot forge a marker: lines that look like one (invisible characters aside) get a leading space. */
export declare function defuse(text: string): string;
/** One line of untrusted text (a URL or date from a search backend): line breaks cannot start a new line. */
export declare function oneLine(text: string): string;
