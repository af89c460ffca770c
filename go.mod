module github.com/cudavet/cudavet

go 1.26.8

require (
	github.com/owenrumney/go-sarif/v2 v2.3.3
	golang.org/x/tools v0.52.0
)
