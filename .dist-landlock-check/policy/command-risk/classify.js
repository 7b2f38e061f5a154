import { dangerous, rank, structural, unknown, worse } from './types.js';
import { scanScript } from './walk.js';
/** More simple commands than this is 'unknown' however harmless each one is. */
export const MAX_COMMANDS = 32;
/**
 * How risky running `cmd` with bash is: 'safe' (read-only programs from a small allowlist), 'dangerous'
 * (destroys data, runs as root, runs downloaded code) or 'unknown'. Used to choose between allowing and
 * asking — never as the security boundary, which is the OS sandbox.
 */
export function classifyCommand(cmd) {
    const report = { verdicts: [], commands: [] };
    try {
        scanScript(cmd, report);
    }
    catch (error) {
        // The permission stage must get an answer: a classifier fault means "ask".
        const message = error instanceof Error ? error.message : String(error);
        report.verdicts.push(structural(dangerous(`the command could not be classified (${message}), so it is treated as dangerous`)));
    }
    if (report.commands.length > MAX_COMMANDS) {
        report.verdicts.push(structural(unknown(`more than ${MAX_COMMANDS} commands`)));
    }
    let risk = 'safe';
    for (const verdict of report.verdicts)
        risk = worse(risk, verdict.risk);
    const ordered = report.verdicts
        .filter((v) => v.risk !== 'safe')
        .map((v, i) => ({ v, i }))
        .sort((a, b) => rank(b.v.risk) - rank(a.v.risk) || a.i - b.i)
        .map(({ v }) => v.reason);
    const exact = !report.verdicts.some((v) => v.structural);
    return { risk, reasons: [...new Set(ordered)], commands: report.commands, exact };
}
//# sourceMappingURL=classify.js.map