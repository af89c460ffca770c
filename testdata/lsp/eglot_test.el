;;; eglot_test.el --- drive `cudavet lsp' through Emacs's eglot  -*- lexical-binding: t -*-

;; As cmd/cudavet's TestEmacs runs it:
;;
;;   emacs --batch -Q -l eglot_test.el
;;
;; with CUDAVET_CMD (the server command, words separated by tabs),
;; CUDAVET_FILE (a copy of reduce.cu) and CUDAVET_RESULT (where the
;; transcript goes: "PASS" on its last line when every step held).
;;
;; The steps of the Neovim test (nvim_test.lua): open the buggy kernel and
;; wait for its diagnostic (through flymake, as eglot shows it); hover and
;; code action on the flagged line; fix the bug in the unsaved buffer and
;; wait for the diagnostic to go; break it again; shut the server down.

(require 'package)
;; -Q leaves out site-lisp, where Debian's elpa-eglot lives.
(add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
(package-initialize)
(require 'eglot)
(require 'flymake)

(defvar cudavet-cmd (split-string (getenv "CUDAVET_CMD") "\t"))
(defvar cudavet-file (getenv "CUDAVET_FILE"))
(defvar cudavet-result (getenv "CUDAVET_RESULT"))
(defvar cudavet-wait 120.0 "Seconds: generous, for a loaded CI machine.")
(defvar cudavet-transcript nil)

(defconst cudavet-bug-line 18 "1-based line of the finding in reduce.cu.")
(defconst cudavet-fix "  /* Σ of the warps */ __syncthreads();")

(defun cudavet-say (fmt &rest args)
  (push (apply #'format fmt args) cudavet-transcript))

(defun cudavet-check (cond fmt &rest args)
  (unless cond (error "%s" (apply #'format fmt args))))

(defun cudavet-wait-for (pred)
  "Process server output until PRED holds or `cudavet-wait' passes.
Idle timers do not run in batch mode: what eglot and flymake do on them
after an edit (send the change, ask for a report) is done here, each
half second."
  (let ((deadline (+ (float-time) cudavet-wait))
        (next 0))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (when (> (float-time) next)
        (eglot--signal-textDocument/didChange)
        (flymake-start)
        (setq next (+ (float-time) 0.5)))
      (accept-process-output nil 0.05))
    (funcall pred)))

(defun cudavet-goto-line (line)
  (goto-char (point-min))
  (forward-line (1- line)))

(defun cudavet-lsp-diag (d)
  "The LSP diagnostic behind flymake diagnostic D, as eglot keeps it."
  (let ((data (if (fboundp 'eglot--diag-data) (eglot--diag-data d) (flymake-diagnostic-data d))))
    (cdr (assoc 'eglot-lsp-diag data))))

(defun cudavet-finish (ok)
  (push (if ok "PASS" "FAIL") cudavet-transcript)
  (with-temp-file cudavet-result
    (insert (mapconcat #'identity (reverse cudavet-transcript) "\n") "\n"))
  (kill-emacs (if ok 0 1)))

(defun cudavet-run ()
  (add-to-list 'auto-mode-alist '("\\.cuh?\\'" . c++-mode))
  (find-file cudavet-file)
  (let* ((dir (file-name-directory cudavet-file))
         (server (eglot '(c++-mode) (cons 'transient dir) 'eglot-lsp-server cudavet-cmd "cuda-cpp")))
    (cudavet-check (eglot-current-server) "eglot did not start the server")
    ;; 1. The diagnostic of the buggy kernel, through flymake.
    (cudavet-check (cudavet-wait-for (lambda () (flymake-diagnostics))) "no diagnostics within %ss" cudavet-wait)
    (let* ((diags (flymake-diagnostics))
           (d (car diags))
           (line (line-number-at-pos (flymake-diagnostic-beg d))))
      (cudavet-check (= (length diags) 1) "want 1 diagnostic, got %d" (length diags))
      (cudavet-say "diagnostic line %d %s: %s" line (flymake-diagnostic-type d) (flymake-diagnostic-text d))
      (cudavet-check (= line cudavet-bug-line) "diagnostic on line %d, want %d" line cudavet-bug-line)
      (cudavet-check (string-match-p (regexp-quote "__syncthreads() is reached only by threads with tid < 32")
                                     (flymake-diagnostic-text d))
                     "message %S" (flymake-diagnostic-text d)))
    ;; 2. Hover on the flagged line shows the finding and its witness.
    (cudavet-goto-line cudavet-bug-line)
    (forward-char 4)
    (let* ((hover (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams)))
           (contents (plist-get hover :contents))
           (text (if (stringp contents) contents (plist-get contents :value))))
      (cudavet-check (and text (string-match-p "Witness" text)) "hover: %S" hover)
      (cudavet-say "hover ok"))
    ;; 3. The code action inserts the suppression comment above the line.
    (let* ((pos (eglot--pos-to-lsp-position (line-beginning-position)))
           (actions (jsonrpc-request
                     server :textDocument/codeAction
                     (list :textDocument (eglot--TextDocumentIdentifier)
                           :range (list :start pos :end pos)
                           :context (list :diagnostics
                                          (vconcat (delq nil (mapcar #'cudavet-lsp-diag (flymake-diagnostics)))))))))
      (cudavet-check (= (length actions) 1) "want 1 code action, got %S" actions)
      (cudavet-say "code action ok: %s" (plist-get (aref actions 0) :title)))
    ;; 4. Fix the bug in the buffer (unsaved): the diagnostic goes.
    (cudavet-goto-line cudavet-bug-line)
    (delete-region (line-beginning-position) (line-end-position))
    (insert cudavet-fix)
    (cudavet-check (cudavet-wait-for (lambda () (null (flymake-diagnostics))))
                   "diagnostic still there %ss after the fix" cudavet-wait)
    (cudavet-check (buffer-modified-p) "the buffer was saved: the test must analyse unsaved text")
    (cudavet-say "fixed: no diagnostics")
    ;; 5. Break it again: the diagnostic comes back.
    (cudavet-goto-line cudavet-bug-line)
    (delete-region (line-beginning-position) (line-end-position))
    (insert "  /* Σ of the warps */ if (tid < 32) __syncthreads();")
    (cudavet-check (cudavet-wait-for (lambda () (= (length (flymake-diagnostics)) 1)))
                   "no diagnostic after reintroducing the bug")
    (cudavet-say "broken again: 1 diagnostic")
    (eglot-shutdown server)))

(condition-case err
    (progn (cudavet-run) (cudavet-finish t))
  (error (cudavet-say "error: %s" (error-message-string err))
         (cudavet-finish nil)))

;;; eglot_test.el ends here
