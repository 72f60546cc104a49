// JSON Patch (RFC 6902) applied to a view: a live table's socket sends what changed since the view it sent before
// (made on the server by the jsonpatch library), not the whole 20-30 KB view. Written here, not vendored: the page
// has no build step, and the server's patches need only the six operations below on plain JSON.
// applyPatch changes `doc` in place and returns the result (a patch may replace the whole document); a patch that
// does not fit the document throws, and the page then asks for the whole view again.

export class PatchError extends Error {}

// "/a/b~1c/0" -> ["a", "b/c", "0"] (RFC 6901: ~1 is "/", ~0 is "~").
function tokens(pointer) {
  if (pointer === "") return [];
  if (typeof pointer !== "string" || pointer[0] !== "/") throw new PatchError(`bad pointer ${pointer}`);
  return pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

const isContainer = (value) => value !== null && typeof value === "object";

function index(array, token, adding) {
  if (adding && token === "-") return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`bad array index ${token}`);
  const at = Number(token);
  if (at > array.length || (!adding && at === array.length)) throw new PatchError(`index ${token} out of range`);
  return at;
}

// The container holding the pointer's last token, and that token.
function parentOf(doc, pointer) {
  const path = tokens(pointer);
  if (!path.length) return [null, null];
  let node = doc;
  for (const token of path.slice(0, -1)) {
    if (!isContainer(node)) throw new PatchError(`no ${pointer}`);
    node = Array.isArray(node) ? node[index(node, token, false)] : own(node, token, pointer);
  }
  if (!isContainer(node)) throw new PatchError(`no ${pointer}`);
  return [node, path[path.length - 1]];
}

function own(object, key, pointer) {
  if (!Object.prototype.hasOwnProperty.call(object, key)) throw new PatchError(`no ${pointer}`);
  return object[key];
}

function get(doc, pointer) {
  const [parent, key] = parentOf(doc, pointer);
  if (parent === null) return doc;
  return Array.isArray(parent) ? parent[index(parent, key, false)] : own(parent, key, pointer);
}

function add(doc, pointer, value) {
  const [parent, key] = parentOf(doc, pointer);
  if (parent === null) return value;
  if (Array.isArray(parent)) parent.splice(index(parent, key, true), 0, value);
  else parent[key] = value;
  return doc;
}

function remove(doc, pointer) {
  const [parent, key] = parentOf(doc, pointer);
  if (parent === null) throw new PatchError("the whole document cannot be removed");
  if (Array.isArray(parent)) parent.splice(index(parent, key, false), 1);
  else {
    own(parent, key, pointer);
    delete parent[key];
  }
  return doc;
}

const copy = (value) => (isContainer(value) ? structuredClone(value) : value);

function equal(a, b) {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k]));
}

export function applyPatch(doc, patch) {
  if (!Array.isArray(patch)) throw new PatchError("a patch is a list of operations");
  for (const op of patch) {
    switch (op.op) {
      case "add":
        doc = add(doc, op.path, copy(op.value));
        break;
      case "remove":
        doc = remove(doc, op.path);
        break;
      case "replace":
        get(doc, op.path);
        doc = op.path === "" ? copy(op.value) : add(remove(doc, op.path), op.path, copy(op.value));
        break;
      case "move": {
        if (op.path.startsWith(`${op.from}/`)) throw new PatchError("a value cannot move into itself");
        const value = get(doc, op.from);
        doc = add(remove(doc, op.from), op.path, value);
        break;
      }
      case "copy":
        doc = add(doc, op.path, copy(get(doc, op.from)));
        break;
      case "test":
        if (!equal(get(doc, op.path), op.value)) throw new PatchError(`test failed at ${op.path}`);
        break;
      default:
        throw new PatchError(`unknown operation ${op.op}`);
    }
  }
  return doc;
}
