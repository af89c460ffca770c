// The cudavet extension: starts `cudavet lsp` for CUDA files and shows its
// diagnostics, hovers and code actions. The settings of the "cudavet"
// section go to the server as initializationOptions, and again on every
// change (workspace/didChangeConfiguration), in the form lsp/settings.go
// reads.
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function settings() {
  const c = vscode.workspace.getConfiguration('cudavet');
  const s = {
    checks: c.get('checks') || undefined,
    model: c.get('model') || undefined,
    includes: c.get('includes'),
    defines: c.get('defines'),
    arch: c.get('arch') || undefined,
    compileCommands: c.get('compileCommands') || undefined,
    config: c.get('config') || undefined,
  };
  return { cudavet: s };
}

async function activate(context) {
  const c = vscode.workspace.getConfiguration('cudavet');
  const server = {
    command: c.get('path') || 'cudavet',
    args: ['lsp', ...(c.get('args') || [])],
    transport: TransportKind.stdio,
  };
  client = new LanguageClient('cudavet', 'cudavet', server, {
    documentSelector: [
      { scheme: 'file', language: 'cuda-cpp' },
      { scheme: 'file', pattern: '**/*.{cu,cuh}' },
    ],
    initializationOptions: settings(),
    synchronize: { configurationSection: 'cudavet' },
  });
  context.subscriptions.push(client);
  await client.start();
}

async function deactivate() {
  if (client) {
    await client.stop();
  }
}

module.exports = { activate, deactivate };
