package main

import (
	"fmt"

	"github.com/cudavet/cudavet/frontend/compiledb"
)

// compileDBOff is the -p value that turns compilation databases off.
const compileDBOff = "off"

// openCompileDB sets o.flagsOf from -p: the database it names (a build
// directory or a compile_commands.json), none for -p=off, or by default
// the first one found upwards from each file, as clangd does.
func (o *options) openCompileDB() error {
	switch o.compileDB {
	case compileDBOff:
		return nil
	case "":
		o.flagsOf = &compiledb.Resolver{KeepArch: o.arch == 0}
		return nil
	}
	db, err := compiledb.Load(o.compileDB)
	if err != nil {
		return fmt.Errorf("-p: %w", err)
	}
	o.flagsOf = &compiledb.Resolver{DB: db, KeepArch: o.arch == 0}
	return nil
}

// compileDBWarnings writes, once each, the databases and response files
// that could not be read.
func (a *app) compileDBWarnings() {
	if a.opts.flagsOf == nil {
		return
	}
	for _, msg := range a.opts.flagsOf.Errors() {
		fmt.Fprintf(a.stderr, "cudavet: warning: %s\n", msg)
	}
}
