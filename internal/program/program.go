// Package program builds the donations binary for the scripts that time it
// as a whole process.
package program

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// Build builds ./cmd/donations into a folder of its own and gives its path
// and what removes the folder. Run it from the module's root.
func Build(name string) (bin string, remove func(), err error) {
	dir, err := os.MkdirTemp("", name)
	if err != nil {
		return "", nil, err
	}
	remove = func() { os.RemoveAll(dir) }
	bin = filepath.Join(dir, "donations")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/donations").CombinedOutput(); err != nil {
		remove()
		return "", nil, fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, remove, nil
}
