package web_test

import (
	"context"
	"io"
	"net/http"
	"os"
	"testing"

	"github.com/tablestakes/tablestakes/store"
)

// BenchmarkRebuild measures what each signed-in page costs right after a write to its
// league (issue #38): every iteration drops, on this server, the keys a result in the league
// names (its league, ladder, ladder history and every member's pages) and reads the page,
// which is rebuilt from the database. On a fresh database and, with TABLESTAKES_BENCH_DB
// (see BenchmarkSignedIn), on a load-test database, so that the two costs compare:
//
//	go test -run '^$' -bench Rebuild ./web/
func BenchmarkRebuild(b *testing.B) {
	sites := []benchSite{freshBenchSite(b)}
	if db := os.Getenv("TABLESTAKES_BENCH_DB"); db != "" {
		sites = append(sites, loadBenchSite(b, db))
	}
	ctx := context.Background()
	for _, s := range sites {
		keys, err := s.store.LeagueCacheKeys(ctx, s.league)
		if err != nil {
			b.Fatal(err)
		}
		l, err := s.store.League(ctx, s.league)
		if err != nil {
			b.Fatal(err)
		}
		keys = append(keys, store.LadderKey(l.Game), store.LadderHistoryKey(l.Game))
		for _, p := range s.pages {
			b.Run(s.name+"/"+p.name, func(b *testing.B) {
				for b.Loop() {
					if err := s.handler.Changed(ctx, keys); err != nil {
						b.Fatal(err)
					}
					res, err := p.browser.Get(p.base + p.path)
					if err != nil {
						b.Fatal(err)
					}
					_, err = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if err != nil || res.StatusCode != http.StatusOK {
						b.Fatalf("%s: %d %v", p.path, res.StatusCode, err)
					}
				}
			})
		}
	}
}
