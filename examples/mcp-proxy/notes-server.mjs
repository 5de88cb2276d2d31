#!/usr/bin/env node
// A small MCP server (stdio) that keeps notes in memory: the server behind the proxy example.
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const notes = new Map();
const server = new McpServer({ name: 'notes', version: '1.0.0' });
server.registerTool(
  'write_note',
  { description: 'Saves a note', inputSchema: z.object({ name: z.string(), text: z.string() }) },
  async ({ name, text }) => {
    notes.set(name, text);
    return { content: [{ type: 'text', text: `saved ${name}` }] };
  },
);
server.registerTool(
  'read_note',
  { description: 'Reads a note', inputSchema: z.object({ name: z.string() }) },
  async ({ name }) =>
    notes.has(name)
      ? { content: [{ type: 'text', text: notes.get(name) }] }
      : { isError: true, content: [{ type: 'text', text: `no note named ${name}` }] },
);
await server.connect(new StdioServerTransport());
