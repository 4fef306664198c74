// Jest's CommonJS runtime cannot require() ESM-only packages on Node 20 (Node itself can).
// @fastify/static requires content-disposition 3 (ESM); under Jest it gets the CJS 0.5 API instead,
// which is also what express requires: the function itself, with `create` and `parse` beside it.
const contentDisposition = require('../../../node_modules/express/node_modules/content-disposition/index.js');
module.exports = Object.assign(contentDisposition, { create: contentDisposition });
