#!/usr/bin/env node
import { processStreams } from './cli-io.ts';
import { runCli } from './program.ts';

process.exitCode = await runCli(process.argv.slice(2), processStreams());
