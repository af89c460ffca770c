package recall

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// treePaths are the top-level paths of a repository exported for a row:
// the sources cudavet reads and the build files that name CUTLASS.
var treePaths = []string{"csrc", "include", "src", "python/csrc", "CMakeLists.txt", "cmake", "3rdparty"}

// Export writes the paths of commit that cudavet needs (treePaths, those
// the commit has) under dest, once: an existing dest/.done is reused. Git
// archive of a partial mirror can warn about absent large blobs elsewhere
// in the tree; the export is taken when the archive of the paths unpacks.
func Export(gitDir, commit, dest string) error {
	if _, err := os.Stat(filepath.Join(dest, ".done")); err == nil {
		return nil
	}
	out, err := git(gitDir, "ls-tree", "--name-only", commit, "--", "csrc", "include", "src", "python", "CMakeLists.txt", "cmake", "3rdparty")
	if err != nil {
		return err
	}
	var paths []string
	have := strings.Fields(string(out))
	for _, p := range treePaths {
		top, _, _ := strings.Cut(p, "/")
		for _, h := range have {
			if h == top {
				paths = append(paths, p)
				break
			}
		}
	}
	if len(paths) == 0 {
		return fmt.Errorf("%s has none of %v", commit, treePaths)
	}
	return archive(gitDir, commit, dest, paths)
}

// archive unpacks paths of commit into dest and marks it done.
func archive(gitDir, commit, dest string, paths []string) error {
	if err := os.RemoveAll(dest); err != nil {
		return err
	}
	if err := os.MkdirAll(dest, 0o755); err != nil {
		return err
	}
	tarFile := dest + ".tar"
	defer os.Remove(tarFile)
	f, err := os.Create(tarFile)
	if err != nil {
		return err
	}
	cmd := exec.Command("git", append([]string{"-C", gitDir, "archive", commit, "--"}, paths...)...)
	cmd.Stdout = f
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	gitErr := cmd.Run()
	f.Close()
	untar := exec.Command("tar", "-xf", tarFile, "-C", dest)
	if out, err := untar.CombinedOutput(); err != nil {
		return fmt.Errorf("git archive %s %v: %v %s; tar: %v %s", commit[:12], paths, gitErr, stderr.String(), err, out)
	}
	return os.WriteFile(filepath.Join(dest, ".done"), nil, 0o644)
}

func git(gitDir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-C", gitDir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// Version patterns of the CUTLASS a vLLM tree fetches at build time
// (CMakeLists.txt): the revision variable of recent trees, the GIT_TAG of
// the FetchContent declaration of older ones.
var (
	cutlassRevision  = regexp.MustCompile(`CUTLASS_REVISION\s+"?(v[0-9][0-9A-Za-z.\-]*)"?`)
	cutlassGitTag    = regexp.MustCompile(`(?is)FetchContent_Declare\(\s*cutlass\b.*?GIT_TAG\s+([0-9A-Za-z.\-_]+)`)
	submoduleGitlink = regexp.MustCompile(`^160000 commit ([0-9a-f]{40})\t`)
)

// CutlassRev returns the CUTLASS revision a tree builds with: the tag its
// CMakeLists.txt fetches (vLLM), or the commit of its 3rdparty/cutlass
// submodule (FlashInfer). "" when it names none.
func CutlassRev(gitDir, commit, tree string) string {
	if data, err := os.ReadFile(filepath.Join(tree, "CMakeLists.txt")); err == nil {
		if m := cutlassRevision.FindSubmatch(data); m != nil {
			return string(m[1])
		}
		if m := cutlassGitTag.FindSubmatch(data); m != nil && !bytes.HasPrefix(m[1], []byte("$")) {
			return string(m[1])
		}
	}
	return submodule(gitDir, commit, "3rdparty/cutlass")
}

// submodule returns the commit the tree of commit pins for the submodule
// at path, "" when it has none there.
func submodule(gitDir, commit, path string) string {
	out, err := git(gitDir, "ls-tree", commit, "--", path)
	if err != nil {
		return ""
	}
	if m := submoduleGitlink.FindSubmatch(bytes.TrimSpace(out)); m != nil {
		return string(m[1])
	}
	return ""
}

// ExportCutlass writes CUTLASS's include directories at rev under dest.
func ExportCutlass(gitDir, rev, dest string) error {
	return archiveOnce(gitDir, rev, dest, []string{"include", "tools/util/include"})
}

// archiveOnce exports paths of rev under dest unless an earlier export
// finished there.
func archiveOnce(gitDir, rev, dest string, paths []string) error {
	if _, err := os.Stat(filepath.Join(dest, ".done")); err == nil {
		return nil
	}
	if _, err := git(gitDir, "rev-parse", "--verify", "-q", rev+"^{commit}"); err != nil {
		return fmt.Errorf("%s is not in %s", rev, gitDir)
	}
	return archive(gitDir, rev, dest, paths)
}

// SpdlogRev returns the spdlog revision for commit of a tree whose build
// puts spdlog on the include path (FlashInfer's 3rdparty/spdlog submodule,
// which its logging header includes): the submodule's commit when the
// spdlog git directory has it, else that directory's newest commit (the
// logging API the headers use is stable across releases, and only the
// parse depends on it). "" when the tree has no such submodule.
func SpdlogRev(spdlogDir, gitDir, commit string) string {
	pinned := submodule(gitDir, commit, "3rdparty/spdlog")
	if pinned == "" {
		return ""
	}
	if _, err := git(spdlogDir, "rev-parse", "--verify", "-q", pinned+"^{commit}"); err == nil {
		return pinned
	}
	head, err := git(spdlogDir, "rev-parse", "HEAD")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(head))
}

// CheckRow verifies r against its repository: the parent is the fix's
// first parent, every file exists at the parent and every labelled line
// is within its file.
func CheckRow(gitDir string, r *Row) error {
	if gitDir == "" {
		return fmt.Errorf("%s: no git directory for %s", r.ID, r.Repo)
	}
	out, err := git(gitDir, "rev-parse", r.Fix+"^1")
	if err != nil {
		return fmt.Errorf("%s: %w", r.ID, err)
	}
	if p := strings.TrimSpace(string(out)); p != r.Parent {
		return fmt.Errorf("%s: the first parent of %s is %s, not %s", r.ID, r.Fix[:12], p[:12], r.Parent[:12])
	}
	for _, f := range r.Files {
		data, err := git(gitDir, "show", r.Parent+":"+f)
		if err != nil {
			return fmt.Errorf("%s: %s at the parent: %w", r.ID, f, err)
		}
		n := bytes.Count(data, []byte("\n")) + 1
		for _, l := range r.Lines[f] {
			if l > n {
				return fmt.Errorf("%s: line %d of %s, which has %d lines", r.ID, l, f, n)
			}
		}
	}
	return nil
}
