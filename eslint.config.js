// ESLint for the room's browser code (make lint-js): the pages' modules in
// src/pokerroom/server/static and their unit tests in tests/js.  The recommended
// rules, and a few more that catch real bugs in this code.
import js from "@eslint/js";
import globals from "globals";

// Markup a script builds with an on...= attribute or a javascript: link: the room's
// Content-Security-Policy (script-src 'self') refuses it, so that part of the page
// would be dead.  tests/server/test_browser_security.py reads the top-level page
// modules for the same; this covers every module.
const INLINE_HANDLER = "/<[a-z][^<>]*\\son[a-z]+\\s*=|javascript:/i";

export default [
  {
    ignores: ["node_modules/**", "build/**", ".venv/**", "tests/browser/artifacts/**"],
  },
  js.configs.recommended,
  {
    files: ["src/pokerroom/server/static/**/*.js", "tests/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-undef": "error",
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-implicit-globals": "error",
      "no-shadow": ["error", { builtinGlobals: false }],
      "no-use-before-define": ["error", { functions: false, classes: true, variables: false }],
      "no-var": "error",
      "prefer-const": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-constant-binary-expression": "error",
      "no-promise-executor-return": "error",
      "no-return-assign": "error",
      "no-sequences": "error",
      "no-throw-literal": "error",
      "no-restricted-globals": ["error", "event", "name", "status", "length"],
      "no-restricted-syntax": ["error",
        { selector: `Literal[value=${INLINE_HANDLER}]`, message: "no on...= handlers or javascript: links in markup (the CSP refuses them): addEventListener" },
        { selector: `TemplateElement[value.raw=${INLINE_HANDLER}]`, message: "no on...= handlers or javascript: links in markup (the CSP refuses them): addEventListener" },
      ],
    },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
