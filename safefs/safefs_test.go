//go:build unix

package safefs

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A folder above the file's own that every user may write is accepted with
// the sticky bit (others cannot rename or remove what is in it), refused
// without it; the file's own folder is refused either way.
func TestFoldersStickyOnlyAbove(t *testing.T) {
	cases := []struct {
		name      string
		above     os.FileMode // mode of the folder above the file's own
		own       os.FileMode
		refusedAt string // "", "above" or "own"
	}{
		{"private", 0o700, 0o700, ""},
		{"sticky above", 0o777 | os.ModeSticky, 0o700, ""},
		{"open above", 0o777, 0o700, "above"},
		{"group-writable above", 0o770, 0o700, "above"},
		{"sticky own", 0o700, 0o777 | os.ModeSticky, "own"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			above := filepath.Join(t.TempDir(), "above")
			own := filepath.Join(above, "own")
			if err := os.MkdirAll(own, 0o700); err != nil {
				t.Fatal(err)
			}
			for d, m := range map[string]os.FileMode{above: tc.above, own: tc.own} {
				if err := os.Chmod(d, m); err != nil {
					t.Fatal(err)
				}
			}
			err := Folders(own)
			var u *Unsafe
			switch tc.refusedAt {
			case "":
				if err != nil {
					t.Errorf("refused: %v", err)
				}
			default:
				want := map[string]string{"above": above, "own": own}[tc.refusedAt]
				if !errors.As(err, &u) || u.Path != want || !u.Folder {
					t.Errorf("err = %v, want %s refused", err, want)
				}
			}
		})
	}
}

// The folders are checked as reached through a symlink, too.
func TestFoldersAfterSymlinks(t *testing.T) {
	top := t.TempDir()
	open := filepath.Join(top, "open")
	real := filepath.Join(open, "real")
	if err := os.MkdirAll(real, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o777); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(top, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	var u *Unsafe
	if err := Folders(link); !errors.As(err, &u) || u.Path != open {
		t.Errorf("err = %v, want %s refused", err, open)
	}
}
