/** Removes ANSI/VT escape sequences and renders CR, CRLF and backspace the way a terminal shows them. */
export declare function stripTerminalControls(text: string): string;
