#!/bin/sh
# install-code-server.sh PREFIX: installs code-server and playwright-core
# from the npm registry under PREFIX for cmd/cudavet's TestVSCode (make
# test-tools runs it). code-server's own postinstall downloads ripgrep and
# prebuilt native modules from GitHub, which a machine limited to the
# package registries cannot reach; this does its steps with the scripts
# off, builds the native modules from source (node-gyp: g++, make,
# python3, libkrb5-dev, libxkbfile-dev, libsecret-1-dev, from `make deps`)
# and uses Debian's ripgrep.
set -eu
CODE_SERVER_VERSION=4.100.3
PLAYWRIGHT_VERSION=1.64.1
prefix=$1
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
rm -f "$prefix/.installed"
npm install --prefix "$prefix" --no-audit --no-fund --ignore-scripts \
  "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_VERSION"
vs="$prefix/node_modules/code-server/lib/vscode"
(cd "$vs" && npm install --no-audit --no-fund --omit=dev --ignore-scripts)
mkdir -p "$vs/node_modules/@vscode/ripgrep/bin"
ln -sf "$(command -v rg)" "$vs/node_modules/@vscode/ripgrep/bin/rg"
# npx (node-pty's install script) must not stop to ask.
(cd "$vs" && npm_config_yes=true npm rebuild)
(cd "$prefix" && npm_config_yes=true npm rebuild argon2)
ln -sfn node_modules "$vs/node_modules.asar"
(cd "$vs/bin/remote-cli" && ln -sf code-linux.sh code-server)
(cd "$vs/bin/helpers" && ln -sf browser-linux.sh browser.sh)
(cd "$vs/extensions" && npm install --no-audit --no-fund --omit=dev)
touch "$prefix/.installed"
