// The cudavet extension: starts `cudavet lsp` for CUDA files and shows its
// diagnostics, hovers and code actions. The settings of the "cudavet"
// section the server reads go to it as initializationOptions, and again on
// every change (workspace/didChangeConfiguration), in the form
// lsp/settings.go reads; cudavet.path and cudavet.args, which start the
// server, are not among them (the server rejects fields it does not know).
'use strict';

const fs = require('fs');
const path = require('path');
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

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

// resolve returns the executable a command names: an absolute or
// relative path as it is, a bare name looked up on PATH; undefined when
// there is no such executable file.
function resolve(command) {
  const executable = (f) => {
    try {
      fs.accessSync(f, fs.constants.X_OK);
      return fs.statSync(f).isFile();
    } catch (e) {
      return false;
    }
  };
  if (command.includes(path.sep)) {
    return executable(command) ? command : undefined;
  }
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    const f = path.join(dir || '.', command);
    if (executable(f)) {
      return f;
    }
  }
  return undefined;
}

async function activate(context) {
  const c = vscode.workspace.getConfiguration('cudavet');
  const command = c.get('path') || 'cudavet';
  const found = resolve(command);
  if (!found) {
    // Without the server nothing would be shown at all: say why, once.
    vscode.window.showErrorMessage(
      `cudavet: the language server "${command}" was not found (setting cudavet.path). ` +
        'Build it with `make build` and set cudavet.path to bin/cudavet, or put cudavet on PATH.');
    return;
  }
  const server = {
    command: found,
    // No transport: the client then speaks over stdin and stdout without
    // appending --stdio to the arguments.
    args: ['lsp', ...(c.get('args') || [])],
  };
  client = new LanguageClient('cudavet', 'cudavet', server, {
    documentSelector: [
      { scheme: 'file', language: 'cuda-cpp' },
      { scheme: 'file', pattern: '**/*.{cu,cuh}' },
    ],
    initializationOptions: settings(),
  });
  context.subscriptions.push(client);
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('cudavet') && client.isRunning()) {
      client.sendNotification('workspace/didChangeConfiguration', { settings: settings() });
    }
  }));
  try {
    await client.start();
  } catch (e) {
    vscode.window.showErrorMessage(`cudavet: the language server "${found}" did not start: ${e.message || e}`);
  }
}

async function deactivate() {
  if (client) {
    await client.stop();
  }
}

module.exports = { activate, deactivate };
