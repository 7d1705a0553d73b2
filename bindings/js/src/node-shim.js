// Put before emscripten's ES module (emcc --extern-pre-js): under Node only,
// the two names of a CommonJS script that emscripten's Node code uses, which
// an ES module lacks. The browser and its workers skip it.
if (typeof process === 'object' && typeof process.versions === 'object' && process.versions.node) {
    var { createRequire: herdCreateRequire } = await import('node:module');
    var require = herdCreateRequire(import.meta.url);
    var __dirname = require('node:path').dirname(require('node:url').fileURLToPath(import.meta.url));
}
