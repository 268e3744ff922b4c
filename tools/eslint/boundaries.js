// Module boundaries, checked on the resolved path of every relative import (not on its spelling):
// - server: a module reaches another only through its public `index.ts` (tests also through its `testing.ts`);
//   code outside `modules/` never reaches into a module's internals;
// - web: features never import each other; the app shell and shared code reach a feature only through its
//   `index.ts`, and shared code (lib, components, hooks) not at all.
import path from 'node:path';

const SERVER_MODULES = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;
const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const WEB_FEATURES = `${WEB_SRC}features${path.sep}`;

/** `{ name, rest }` of the folder under `root` that `file` is in, or null. */
function unitOf(file, root) {
  const i = file.indexOf(root);
  if (i < 0) return null;
  const tail = file.slice(i + root.length);
  const [name, ...rest] = tail.split(path.sep);
  return { name, rest: rest.join('/').replace(/\.(ts|tsx|js)$/, '') };
}

function isTestFile(file) {
  return (
    /\.test\.tsx?$/.test(file) ||
    /[/\\](testing|test-support)\.ts$/.test(file) ||
    file.includes(`${path.sep}test${path.sep}`)
  );
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules and features talk to each other only through their public index.ts' },
    schema: [],
    messages: {
      serverInternal: "Import the module '{{module}}' through its index.ts ('…/modules/{{module}}'), not '{{spec}}'.",
      webFeature: "Features do not import each other: '{{spec}}' is inside the feature '{{feature}}'.",
      webInternal: "Import the feature '{{feature}}' through its index.ts, not '{{spec}}'.",
    },
  },
  create(context) {
    const file = context.filename;
    const testFile = isTestFile(file);
    function check(node, spec) {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      // Server modules.
      const into = unitOf(target + (target.endsWith(path.sep) ? '' : ''), SERVER_MODULES);
      if (into && into.name) {
        const from = unitOf(file, SERVER_MODULES);
        const publicPart = into.rest === '' || into.rest === 'index' || (testFile && into.rest === 'testing');
        if ((!from || from.name !== into.name) && !publicPart) {
          context.report({ node, messageId: 'serverInternal', data: { module: into.name, spec } });
        }
      }
      // Web features.
      const feature = unitOf(target, WEB_FEATURES);
      if (feature && feature.name) {
        const from = unitOf(file, WEB_FEATURES);
        if (from && from.name !== feature.name) {
          context.report({ node, messageId: 'webFeature', data: { feature: feature.name, spec } });
        } else if (!from && file.includes(WEB_SRC)) {
          const fromApp = file.includes(`${WEB_SRC}app${path.sep}`);
          if (!fromApp || (feature.rest !== '' && feature.rest !== 'index')) {
            context.report({ node, messageId: 'webInternal', data: { feature: feature.name, spec } });
          }
        }
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { modules: rule } };
