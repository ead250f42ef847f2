// Package static holds TableStakes' hand-written assets (the stylesheet, the create-league
// form's preview script, the icons and the web app manifest that lets a phone install the
// site to its home screen), embedded into the binary and served under /static/.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
)

// FS holds the static assets, served under /static/ by the web package.
//
//go:embed *.css *.svg *.js *.png *.json
var FS embed.FS

// hashes maps each asset's name to the first 12 hex digits of its SHA-256, computed once
// from the embedded files (which never change while the binary runs).
var hashes = func() map[string]string {
	out := map[string]string{}
	names, err := fs.Glob(FS, "*")
	if err != nil {
		panic("static: list embedded assets: " + err.Error()) // only a bad pattern fails
	}
	for _, name := range names {
		b, err := FS.ReadFile(name)
		if err != nil {
			panic("static: read embedded " + name + ": " + err.Error()) // embedded files always read
		}
		sum := sha256.Sum256(b)
		out[name] = hex.EncodeToString(sum[:6])
	}
	return out
}()

// Hash is the content hash of the asset name ("" for an unknown name).
func Hash(name string) string { return hashes[name] }

// URL is the address of the asset name with its content hash, which browsers may keep for
// good: a changed file gets a new address.
func URL(name string) string {
	if h := hashes[name]; h != "" {
		return "/static/" + name + "?v=" + h
	}
	return "/static/" + name
}
