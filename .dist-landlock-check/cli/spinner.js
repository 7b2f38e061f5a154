// A spinner with the elapsed time for calls that take a while — on a TTY only, so pipes and logs stay clean.
// It waits a moment before appearing (quick calls never flicker) and steps aside while a prompt is shown.
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const NOOP = { pause() { }, resume() { }, stop() { } };
export function startSpinner(stream, label, opts = {}) {
    if (stream.isTTY !== true)
        return NOOP;
    const started = Date.now();
    let frame = 0;
    let shown = false;
    let paused = false;
    let stopped = false;
    const clear = () => {
        if (shown)
            stream.write('\r\u001b[2K');
        shown = false;
    };
    const draw = () => {
        if (paused || stopped)
            return;
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        stream.write(`\r\u001b[2K${FRAMES[frame++ % FRAMES.length]} ${label} ${seconds}s`);
        shown = true;
    };
    let interval;
    const delay = setTimeout(() => {
        draw();
        interval = setInterval(draw, opts.intervalMs ?? 100);
        interval.unref();
    }, opts.delayMs ?? 500);
    delay.unref();
    return {
        pause() {
            paused = true;
            clear();
        },
        resume() {
            paused = false;
        },
        stop() {
            stopped = true;
            clearTimeout(delay);
            clearInterval(interval);
            clear();
        },
    };
}
//# sourceMappingURL=spinner.js.map