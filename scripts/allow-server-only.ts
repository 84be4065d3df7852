// `import "server-only"` marks server code: the package throws unless it is resolved under React's
// server condition, which Next sets for its server bundles. The tsx processes (npm start, the
// worker, the staff CLI...) run the same code outside Next's bundles, so their entry files import
// this module first: it puts the package's empty module in the require cache in its place.
// (Node's --conditions=react-server would do it too, but would also change how React resolves.)
import Module, { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const marker = require.resolve("server-only");
const standIn = new Module(marker);
standIn.filename = marker;
standIn.loaded = true;
standIn.exports = {};
require.cache[marker] = standIn;
