#!/usr/bin/env node
// The published bin's entry (scripts/bundle-cli.mjs): a host starts it on every tool call, so
// where Node keeps compiled code between runs (module.enableCompileCache, Node 22.1 and later) it
// is turned on before the CLI's modules load, and they load from that cache on the next start
// (issue 16 item 4). Node 20 has no such cache and skips it. Only node: modules are imported
// statically here: anything else would be compiled before the cache is on.
import module from 'node:module';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// Not awaited: the bundled bin is CommonJS, without top-level await (scripts/bundle-cli.mjs).
void import('./main.ts');
