// The page's side of the worker (worker.js): requests answered in order,
// and a restart that drops the game and any search in progress.
export class Client {
    constructor(onFault) {
        this.onFault = onFault;
        this.worker = null;
        this.restart();
    }

    restart() {
        this.worker?.terminate();
        for (const p of this.pending?.values() ?? [])
            p.reject(Object.assign(new Error('the worker was restarted'), { name: 'Restart' }));
        this.pending = new Map();
        this.nextId = 1;
        this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
        this.worker.onmessage = ({ data }) => {
            const p = this.pending.get(data.id);
            this.pending.delete(data.id);
            data.ok ? p.resolve(data.value) : p.reject(Object.assign(new Error(data.error.message), data.error));
        };
        this.worker.onerror = e => this.onFault(new Error(`the worker failed: ${e.message}`));
    }

    request(op, args) {
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            this.pending.set(id, { resolve, reject });
            this.worker.postMessage({ id, op, args });
        });
    }
}
