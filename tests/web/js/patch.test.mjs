import assert from "node:assert/strict";
import { test } from "node:test";
import { load } from "./helpers.mjs";

const { applyPatch, PatchError } = await load("shell/patch.js");

// The examples of RFC 6902's appendix A, each: document, patch, result.
const examples = [
  [{ foo: "bar" }, [{ op: "add", path: "/baz", value: "qux" }], { baz: "qux", foo: "bar" }],
  [{ foo: ["bar", "baz"] }, [{ op: "add", path: "/foo/1", value: "qux" }], { foo: ["bar", "qux", "baz"] }],
  [{ baz: "qux", foo: "bar" }, [{ op: "remove", path: "/baz" }], { foo: "bar" }],
  [{ foo: ["bar", "qux", "baz"] }, [{ op: "remove", path: "/foo/1" }], { foo: ["bar", "baz"] }],
  [{ baz: "qux", foo: "bar" }, [{ op: "replace", path: "/baz", value: "boo" }], { baz: "boo", foo: "bar" }],
  [
    { foo: { bar: "baz", waldo: "fred" }, qux: { corge: "grault" } },
    [{ op: "move", from: "/foo/waldo", path: "/qux/thud" }],
    { foo: { bar: "baz" }, qux: { corge: "grault", thud: "fred" } },
  ],
  [{ foo: ["all", "grass", "cows", "eat"] }, [{ op: "move", from: "/foo/1", path: "/foo/3" }],
    { foo: ["all", "cows", "eat", "grass"] }],
  [{ baz: "qux", foo: ["a", 2, "c"] },
    [{ op: "test", path: "/baz", value: "qux" }, { op: "test", path: "/foo/1", value: 2 }],
    { baz: "qux", foo: ["a", 2, "c"] }],
  [{ foo: "bar" }, [{ op: "add", path: "/child", value: { grandchild: {} } }], { foo: "bar", child: { grandchild: {} } }],
  [{ foo: ["bar"] }, [{ op: "add", path: "/foo/-", value: ["abc", "def"] }], { foo: ["bar", ["abc", "def"]] }],
  [{ foo: null }, [{ op: "test", path: "/foo", value: null }], { foo: null }],
  [{ "/": 9, "~1": 10 }, [{ op: "test", path: "/~01", value: 10 }, { op: "replace", path: "/~1", value: 8 }],
    { "/": 8, "~1": 10 }],
  [{ a: { b: 1 } }, [{ op: "copy", from: "/a", path: "/c" }], { a: { b: 1 }, c: { b: 1 } }],
  [{ a: 1 }, [{ op: "replace", path: "", value: [1] }], [1]],
];

test("a patch applies as RFC 6902's examples say", () => {
  for (const [doc, patch, result] of examples) assert.deepEqual(applyPatch(structuredClone(doc), patch), result);
});

test("a copied value is a value of its own: changing one leaves the other", () => {
  const done = applyPatch({ a: { b: [1] } }, [{ op: "copy", from: "/a", path: "/c" }, { op: "add", path: "/c/b/-", value: 2 }]);
  assert.deepEqual(done, { a: { b: [1] }, c: { b: [1, 2] } });
});

test("a patch that does not fit the document is refused", () => {
  const refused = [
    [{ foo: "bar" }, [{ op: "add", path: "/baz/bat", value: "qux" }]],
    [{ baz: "qux" }, [{ op: "remove", path: "/nope" }]],
    [{ baz: "qux" }, [{ op: "replace", path: "/nope", value: 1 }]],
    [{ foo: [1] }, [{ op: "add", path: "/foo/2", value: 1 }]],
    [{ foo: [1] }, [{ op: "add", path: "/foo/01", value: 1 }]],
    [{ baz: "qux" }, [{ op: "test", path: "/baz", value: "bar" }]],
    [{ "/": 9 }, [{ op: "test", path: "/~01", value: "10" }]],
    [{ a: { b: 1 } }, [{ op: "move", from: "/a", path: "/a/c" }]],
    [{ a: 1 }, [{ op: "shuffle", path: "/a" }]],
    [{ a: 1 }, { op: "add", path: "/b", value: 1 }],
    [{ a: 1 }, [{ op: "add", path: "b", value: 1 }]],
  ];
  for (const [doc, patch] of refused) assert.throws(() => applyPatch(doc, patch), PatchError, JSON.stringify(patch));
});
