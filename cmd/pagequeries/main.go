// Command pagequeries serves TableStakes' signed-in pages once each on a load-test database
// and prints every query each page runs, with its plan's time (EXPLAIN ANALYZE) and the
// tables it reads whole (sequential scans): where a page's cost grows with the database.
//
//	go run ./cmd/pagequeries -db postgres://postgres@127.0.0.1:5432/tablestakes_perf?sslmode=disable
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/crypto/bcrypt"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// query is one statement a page ran.
type query struct {
	sql  string
	args []any
	took time.Duration
}

// recorder is a pgx tracer that keeps the queries while on.
type recorder struct {
	mu      sync.Mutex
	on      bool
	queries []query
}

type startKey struct{}

type started struct {
	sql   string
	args  []any
	start time.Time
}

// TraceQueryStart notes a query.
func (r *recorder) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	return context.WithValue(ctx, startKey{}, started{d.SQL, d.Args, time.Now()})
}

// TraceQueryEnd keeps a finished query.
func (r *recorder) TraceQueryEnd(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryEndData) {
	s, _ := ctx.Value(startKey{}).(started)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.on {
		r.queries = append(r.queries, query{s.sql, s.args, time.Since(s.start)})
	}
}

func main() {
	db := flag.String("db", "postgres://postgres@127.0.0.1:5432/tablestakes_perf?sslmode=disable", "load-test database")
	user := flag.String("user", "player0001", "the member to sign in as")
	organiser := flag.String("organiser", "organiser", "the organiser to sign in as")
	cached := flag.Bool("cached", false, "listen for writes, so the cache answers, and show each page's second view: what a page costs between writes")
	flag.Parse()
	if err := run(*db, *user, *organiser, *cached); err != nil {
		fmt.Fprintln(os.Stderr, "pagequeries:", err)
		os.Exit(1)
	}
}

func run(db, username, organiser string, cached bool) error {
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(db)
	if err != nil {
		return err
	}
	rec := &recorder{}
	cfg.ConnConfig.Tracer = rec
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	st := store.New(pool, store.WithPasswordCost(bcrypt.MinCost))
	h := web.New(st, slog.New(slog.NewTextHandler(io.Discard, nil)), web.Config{})
	if cached {
		listenCtx, stop := context.WithCancel(ctx)
		defer stop()
		go h.ListenForWrites(listenCtx)
		for !h.CacheListening() {
			time.Sleep(10 * time.Millisecond)
		}
	}
	srv := httptest.NewServer(h.Routes())
	defer srv.Close()

	var leagueID, gameID int64
	if err := pool.QueryRow(ctx, `SELECT m.league_id, g.id FROM memberships m JOIN users u ON u.id = m.user_id
		JOIN games g ON g.league_id = m.league_id WHERE u.username = $1 ORDER BY m.league_id, g.number LIMIT 1`, username).Scan(&leagueID, &gameID); err != nil {
		return fmt.Errorf("find %s's league: %w", username, err)
	}
	for _, who := range []string{username, organiser} {
		c, err := logIn(srv.URL, who)
		if err != nil {
			return err
		}
		pages := []string{"/", fmt.Sprintf("/leagues/%d", leagueID), "/players/" + username,
			fmt.Sprintf("/games/%d", gameID), fmt.Sprintf("/games/%d/result", gameID), "/games", "/ratings"}
		for _, p := range pages {
			if cached {
				// The first view fills the cache; the second is the one shown.
				res, err := c.Get(srv.URL + p)
				if err != nil {
					return err
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
			rec.mu.Lock()
			rec.on, rec.queries = true, nil
			rec.mu.Unlock()
			start := time.Now()
			res, err := c.Get(srv.URL + p)
			if err != nil {
				return err
			}
			n, _ := io.Copy(io.Discard, res.Body)
			res.Body.Close()
			took := time.Since(start)
			rec.mu.Lock()
			qs := rec.queries
			rec.on = false
			rec.mu.Unlock()
			fmt.Printf("\n== %s as %s: %d, %d bytes, %s, %d queries\n", p, who, res.StatusCode, n, took.Round(time.Microsecond), len(qs))
			for _, q := range qs {
				plan, err := explain(ctx, pool, q)
				if err != nil {
					fmt.Printf("  %8s  %s\n      explain: %v\n", q.took.Round(time.Microsecond), oneLine(q.sql), err)
					continue
				}
				fmt.Printf("  %8s  %s\n      %s\n", q.took.Round(time.Microsecond), oneLine(q.sql), plan)
			}
		}
	}
	return nil
}

var seqScan = regexp.MustCompile(`Seq Scan on (\w+)`)
var execTime = regexp.MustCompile(`Execution Time: ([0-9.]+ ms)`)

// explain runs q under EXPLAIN ANALYZE in a rolled-back transaction and sums up its plan.
func explain(ctx context.Context, pool *pgxpool.Pool, q query) (string, error) {
	s := strings.TrimSpace(q.sql)
	low := strings.ToLower(s)
	if !strings.HasPrefix(low, "select") && !strings.HasPrefix(low, "with") {
		return "(not a read)", nil
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return "", err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, "EXPLAIN (ANALYZE, BUFFERS) "+s, q.args...)
	if err != nil {
		return "", err
	}
	var lines []string
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			return "", err
		}
		lines = append(lines, l)
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	plan := strings.Join(lines, "\n")
	out := ""
	if m := execTime.FindStringSubmatch(plan); m != nil {
		out = "exec " + m[1]
	}
	seen := map[string]bool{}
	for _, m := range seqScan.FindAllStringSubmatch(plan, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out += " seq:" + m[1]
		}
	}
	if os.Getenv("PLANS") == "1" {
		out += "\n" + plan
	}
	return out, nil
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 150 {
		s = s[:150] + "…"
	}
	return s
}

// logIn signs username in (password "tablestakes", as cmd/loadtest makes them).
func logIn(base, username string) (*http.Client, error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	res, err := c.Get(base + "/login")
	if err != nil {
		return nil, err
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := regexp.MustCompile(`name="_csrf" value="([^"]+)"`).FindSubmatch(body)
	if m == nil {
		return nil, fmt.Errorf("no CSRF token on /login")
	}
	res, err = c.PostForm(base+"/login", url.Values{"_csrf": {string(m[1])}, "username": {username}, "password": {"tablestakes"}})
	if err != nil {
		return nil, err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("log in %s: %d", username, res.StatusCode)
	}
	return c, nil
}
