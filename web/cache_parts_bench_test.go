package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
	"github.com/tablestakes/tablestakes/web"
)

// benchSite is a served database and the signed-in pages its benchmarks read: the pages of
// scripts/loadtest/signed-in.sh, as the organiser or a member of one league.
type benchSite struct {
	name  string
	pages []benchPage
	// handler serves the site; league is the league its pages show (BenchmarkRebuild).
	handler *web.Handler
	store   *store.Store
	league  int64
}

// benchPage is one page read by one signed-in browser.
type benchPage struct {
	name, path string
	browser    *http.Client
	base       string
}

// BenchmarkSignedIn measures what each signed-in page costs the server, parts cached as
// they are between writes: on a fresh database of one running league with 8 results, and,
// when TABLESTAKES_BENCH_DB names a database filled by `go run ./cmd/loadtest` (whose
// accounts sign in with "tablestakes"), on that database too:
//
//	go test -run '^$' -bench SignedIn ./web/
//	TABLESTAKES_BENCH_DB=postgres://postgres@127.0.0.1:5432/tablestakes_perf_large?sslmode=disable \
//	  go test -run '^$' -bench SignedIn ./web/
func BenchmarkSignedIn(b *testing.B) {
	sites := []benchSite{freshBenchSite(b)}
	if db := os.Getenv("TABLESTAKES_BENCH_DB"); db != "" {
		sites = append(sites, loadBenchSite(b, db))
	}
	for _, s := range sites {
		for _, p := range s.pages {
			b.Run(s.name+"/"+p.name, func(b *testing.B) {
				for b.Loop() {
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

// serveBench serves st as one server of its database, listening for writes.
func serveBench(b *testing.B, st *store.Store) (string, *web.Handler) {
	b.Helper()
	h := web.New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), web.Config{RequestTimeout: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	listened := make(chan struct{})
	go func() {
		defer close(listened)
		h.ListenForWrites(ctx)
	}()
	srv := httptest.NewServer(h.Routes())
	b.Cleanup(func() {
		srv.Close()
		cancel()
		<-listened
	})
	for !h.CacheListening() {
		select {
		case <-time.After(10 * time.Second):
			b.Fatal("the cache listener does not connect")
		case <-time.After(5 * time.Millisecond):
		}
	}
	return srv.URL, h
}

// csrfField finds a page's CSRF token.
var csrfField = regexp.MustCompile(`name="_csrf" value="([^"]*)"`)

// benchLogIn signs username in through the log-in form and returns the browser.
func benchLogIn(b *testing.B, base, username, password string) *http.Client {
	b.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		b.Fatal(err)
	}
	// No gzip, as wrk asks for none: the benchmark measures the page, not the compression.
	c := &http.Client{Jar: jar, Transport: &http.Transport{DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.Get(base + "/login")
	if err != nil {
		b.Fatal(err)
	}
	page, err := io.ReadAll(res.Body)
	res.Body.Close()
	m := csrfField.FindSubmatch(page)
	if err != nil || m == nil {
		b.Fatalf("the log-in page has no CSRF token: %v", err)
	}
	res, err = c.PostForm(base+"/login", url.Values{"_csrf": {string(m[1])}, "username": {username}, "password": {password}})
	if err != nil {
		b.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		b.Fatalf("log-in as %s: %d", username, res.StatusCode)
	}
	return c
}

// sitePages are the signed-in pages of league (a finished game and an open one) for its
// organiser and its member.
func sitePages(b *testing.B, base string, league, finished, open int64, organiser, member *http.Client, memberName string) []benchPage {
	b.Helper()
	pages := []benchPage{
		{name: "desk", path: "/", browser: organiser},
		{name: "league-organiser", path: fmt.Sprintf("/leagues/%d", league), browser: organiser},
		{name: "league-member", path: fmt.Sprintf("/leagues/%d", league), browser: member},
		{name: "player", path: "/players/" + memberName, browser: member},
		{name: "game", path: fmt.Sprintf("/games/%d", finished), browser: member},
		{name: "result-form", path: fmt.Sprintf("/games/%d/result", open), browser: organiser},
		{name: "games", path: "/games", browser: member},
		{name: "ratings", path: "/ratings", browser: member},
	}
	for i := range pages {
		pages[i].base = base
	}
	return pages
}

// freshBenchSite is a fresh database of one running Vampiring league of 8 members and its
// organiser, with 8 results recorded through the API.
func freshBenchSite(b *testing.B) benchSite {
	b.Helper()
	ctx := context.Background()
	st := storetest.NewStore(b)
	base, h := serveBench(b, st)
	var users []store.User
	for i := range 9 {
		u, err := st.CreateUser(ctx, store.NewUser{Username: fmt.Sprintf("bench%d", i), DisplayName: fmt.Sprintf("Bench %d", i), Password: "password-1"})
		if err != nil {
			b.Fatal(err)
		}
		users = append(users, u)
	}
	token, err := service.NewAccounts(st).CreateAPIToken(ctx, users[0].ID)
	if err != nil {
		b.Fatal(err)
	}
	leagues := service.NewLeagues(st)
	l, err := leagues.Create(ctx, store.NewLeague{Name: "The bench league", Game: "vampiring", PlayersPerGame: 4,
		RecentDays: store.DefaultRecentDays, OrganiserID: users[0].ID})
	if err != nil {
		b.Fatal(err)
	}
	for _, u := range users[1:] {
		if _, err := leagues.Join(ctx, l.ID, u.ID); err != nil {
			b.Fatal(err)
		}
	}
	games, err := st.Games(ctx, l.ID)
	if err != nil {
		b.Fatal(err)
	}
	for _, g := range games[:8] {
		body, err := json.Marshal(scoresFor(g, 40, 30, 20, 10))
		if err != nil {
			b.Fatal(err)
		}
		req, err := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/api/v1/games/%d/result", base, g.ID), bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusCreated {
			b.Fatalf("record game %d: %d", g.Number, res.StatusCode)
		}
	}
	organiser := benchLogIn(b, base, users[0].Username, "password-1")
	member := benchLogIn(b, base, users[1].Username, "password-1")
	return benchSite{name: "fresh", pages: sitePages(b, base, l.ID, games[0].ID, games[8].ID, organiser, member, users[1].Username),
		handler: h, store: st, league: l.ID}
}

// loadBenchSite serves the load-test database at db: its first league, as the load
// organiser and as the league's first member.
func loadBenchSite(b *testing.B, db string) benchSite {
	b.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(st.Close)
	var (
		games              int
		league, done, open int64
		memberName         string
	)
	q := st.Pool().QueryRow(ctx, `
		SELECT (SELECT count(*) FROM games WHERE status = 'finished'), l.id,
		       (SELECT min(id) FROM games WHERE league_id = l.id AND status = 'finished'),
		       coalesce((SELECT min(id) FROM games WHERE league_id = l.id AND status <> 'finished'),
		                (SELECT min(id) FROM games WHERE league_id = l.id AND status = 'finished')),
		       (SELECT min(u.username) FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.league_id = l.id)
		FROM leagues l ORDER BY l.id LIMIT 1`)
	if err := q.Scan(&games, &league, &done, &open, &memberName); err != nil {
		b.Fatal(err)
	}
	base, h := serveBench(b, st)
	organiser := benchLogIn(b, base, "organiser", "tablestakes")
	member := benchLogIn(b, base, memberName, "tablestakes")
	return benchSite{name: fmt.Sprintf("load-%d-games", games), pages: sitePages(b, base, league, done, open, organiser, member, memberName),
		handler: h, store: st, league: league}
}
