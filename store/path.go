package store

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"donations/api"
	"donations/safefs"
)

// File is the store of the account at baseURL as username, in dir (see Name).
func File(dir, baseURL, username string) string {
	return filepath.Join(dir, Name(baseURL, username)+".db")
}

// maxReadable bounds the readable part of a name: a file name has 255 bytes.
const maxReadable = 100

// Name is a file name (no slash, no leading dot) for the account at baseURL
// as username, unique to the pair, path included: https://h/org-a and
// https://h/org-b are two accounts. It reads user@host, the port after an
// underscore, then the path with its slashes as underscores; when that
// could stand for another account too (a path, a character changed to an
// underscore, a cut), a hash of the account follows a "+", which the
// readable part never holds. An account with no path keeps the name that
// versions before paths counted gave it, so its store is found as it was.
func Name(baseURL, username string) string {
	a := accountOf(baseURL, username)
	readable := a.user + "@" + strings.Replace(a.host, ":", "_", 1) + strings.ReplaceAll(a.path, "/", "_")
	safe := safeName(readable)
	// Read from its end, user@host_port names one account while the host
	// holds no underscore: the user's own underscores are then its own.
	if a.path == "" && safe == readable && len(safe) <= maxReadable && !strings.Contains(a.host, "_") {
		return safe
	}
	sum := sha256.Sum256([]byte(a.user + "\n" + a.host + "\n" + a.path))
	if len(safe) > maxReadable {
		safe = safe[:maxReadable]
	}
	return safe + "+" + hex.EncodeToString(sum[:6])
}

// safeName keeps letters, digits and "-_.@" of s, any other character
// made an underscore, and no leading dot (a hidden file, or "..").
func safeName(s string) string {
	return strings.TrimLeft(strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune("-_.@", r):
			return r
		}
		return '_'
	}, s), ".")
}

// account is what tells two accounts apart: the user, the host (lower
// case, with the port, which https's own port leaves out) and the base URL's path, without
// the API's path the client appends, so that a base URL given with or
// without /api/v1 and the client's endpoint name one account.
type account struct{ user, host, path string }

func accountOf(baseURL, username string) account {
	u, err := url.Parse(strings.TrimSpace(baseURL))
	if err != nil {
		return account{user: username, host: api.ShownURL(baseURL)} // the name must not hold a key
	}
	if username == "" && u.User != nil {
		username = u.User.Username()
	}
	// https://h and http://h are two servers (ports 443 and 80): https,
	// which almost every account uses, keeps the name it always had, and
	// http names its port.
	host := strings.ToLower(u.Host)
	switch {
	case strings.EqualFold(u.Scheme, "https"):
		host = strings.TrimSuffix(host, ":443")
	case strings.EqualFold(u.Scheme, "http") && u.Port() == "" && u.Hostname() != "":
		host += ":80"
	}
	path := strings.TrimRight(u.EscapedPath(), "/")
	path = strings.TrimSuffix(strings.TrimSuffix(path, api.DonationsPath), "/api/v1")
	return account{user: username, host: host, path: strings.TrimRight(path, "/")}
}

// companions are the files SQLite keeps beside a store, each read as part
// of it: the write-ahead log, its index, and the journal of a write cut short.
var companions = []string{"-wal", "-shm", "-journal"}

// privateFolder makes the store's folder if need be. The user's own folder
// is made 0700 if it was not (one that others could write, made by hand or
// under umask 0, may hold their files: each file is checked as it is opened).
// A folder that another user owns, or one above it that others could change,
// is refused: they could replace the store, or link it to another file.
func privateFolder(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	info, err := os.Stat(dir)
	// A sticky folder (/tmp) is shared on purpose: it is refused below,
	// never made private, which would shut every other user out of it.
	if err == nil && info.IsDir() && safefs.Owned(info) && info.Mode().Perm() != 0o700 && info.Mode()&fs.ModeSticky == 0 {
		err = os.Chmod(dir, 0o700)
	}
	if err != nil {
		return err
	}
	return safefs.Folders(dir)
}

// privateFile checks the store's file, creating it (0600, before SQLite
// first opens it, since SQLite gives the -wal and -shm files its mode) if
// there is none, and returns what it found.
func privateFile(path string) (fs.FileInfo, error) {
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		var f *os.File
		if f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL|safefs.NoFollow, 0o600); err == nil {
			f.Close()
			info, err = os.Lstat(path)
		}
	}
	if err != nil {
		return nil, err
	}
	return private(path, info)
}

// private refuses a store file, or a companion, that is not a regular file
// of the user's that only they can write, or that has a second name (a hard
// link from elsewhere: it may be any other file of theirs). Never through a
// symlink: through one the store chmodded its target and dropped its tables.
// The user's own file that others could read or write is made private; one
// they made read-only stays so.
func private(path string, info fs.FileInfo) (fs.FileInfo, error) {
	if info.Mode()&fs.ModeSymlink != 0 {
		to, _ := os.Readlink(path)
		return nil, fmt.Errorf("%s is a symbolic link (to %s): a store is never opened through one", path, to)
	}
	if n := safefs.Links(info); info.Mode().IsRegular() && n > 1 {
		return nil, fmt.Errorf("%s has %d names (hard links), so it may be another file of yours: a store has one", path, n)
	}
	if info.Mode().IsRegular() && safefs.Owned(info) && info.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(path, info.Mode().Perm()&0o700); err != nil {
			return nil, err
		}
		var err error
		if info, err = os.Lstat(path); err != nil {
			return nil, err
		}
	}
	return info, safefs.File(path, info, false)
}

// privateFiles checks the store at path and its companions that exist.
func privateFiles(path string) (fs.FileInfo, error) {
	info, err := privateFile(path)
	if err != nil {
		return nil, err
	}
	for _, suffix := range companions {
		c, err := os.Lstat(path + suffix)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err == nil {
			_, err = private(path+suffix, c)
		}
		if err != nil {
			return nil, err
		}
	}
	return info, nil
}

// Remove deletes a store file and its companions; a missing one is no error.
// A symlink or anything but a regular file at one of their names is refused
// and named, before anything is removed: removing the link alone and saying
// "removed" left the donor data where the link pointed.
func Remove(path string) error {
	names := append([]string{path}, companions...)
	for i := 1; i < len(names); i++ {
		names[i] = path + names[i]
	}
	names = append(names, lockPath(path), sidePath(path), learnedPath(path))
	names = append(names, safefs.Leftovers(learnedPath(path))...)
	for _, p := range names {
		info, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return err
		case info.Mode()&fs.ModeSymlink != 0:
			to, _ := os.Readlink(p)
			return fmt.Errorf("%s is a symbolic link to %s, not a store this program made: nothing was removed; look at %s, and remove the link with  rm %s", p, to, to, p)
		case !info.Mode().IsRegular():
			return fmt.Errorf("%s is %s, not a store this program made: nothing was removed", p, safefs.Kind(info.Mode()))
		}
	}
	for _, p := range names {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}
