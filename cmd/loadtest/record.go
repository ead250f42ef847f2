package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// unplayedSQL lists the games left to record in the leagues organised by $2, round-robin
// over the leagues (each league's first unplayed game, then each one's second…), leaving
// out the league measured.
const unplayedSQL = `
SELECT g.id, l.game FROM games g JOIN leagues l ON l.id = g.league_id
JOIN users o ON o.id = l.organiser_id
WHERE g.status = 'scheduled' AND l.id <> $1 AND o.username = $2
ORDER BY row_number() OVER (PARTITION BY g.league_id ORDER BY g.number), g.league_id`

// recordThroughServer records the load-test database's unplayed games through a server's
// API, as an organiser at the table would, at a steady rate.
func recordThroughServer() error {
	dbURL := flag.String("db", "postgres://postgres@127.0.0.1:5432/tablestakes_perf?sslmode=disable", "database filled with -unplayed")
	server := flag.String("server", "http://127.0.0.1:8097", "the server to record through")
	rate := flag.Float64("rate", 20, "results a second")
	except := flag.Int64("except", 0, "a league to leave alone (the one whose pages are measured)")
	as := flag.String("as", "organiser", "the organiser who records: results go to their leagues only")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	st, err := store.Open(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := service.NewLadders(st).Upgrade(ctx); err != nil {
		return err
	}
	rows, err := st.Pool().Query(ctx, unplayedSQL, *except, *as)
	if err != nil {
		return err
	}
	type todo struct {
		id   int64
		game string
	}
	var games []todo
	for rows.Next() {
		var t todo
		if err := rows.Scan(&t.id, &t.game); err != nil {
			return err
		}
		games = append(games, t)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(games) == 0 {
		return fmt.Errorf("no game left to record: fill the database with -unplayed")
	}
	token, err := apiToken(ctx, *server, *as)
	if err != nil {
		return err
	}

	var recorded, failed atomic.Int64
	var wg sync.WaitGroup
	tick := time.NewTicker(time.Duration(float64(time.Second) / *rate))
	defer tick.Stop()
	start := time.Now()
loop:
	for i, t := range games {
		select {
		case <-ctx.Done():
			break loop
		case <-tick.C:
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := postResult(*server, token, st, t.id, t.game, i); err != nil {
				if failed.Add(1) <= 3 {
					fmt.Fprintln(os.Stderr, "loadtest record:", err)
				}
				return
			}
			recorded.Add(1)
		}()
	}
	wg.Wait()
	elapsed := time.Since(start).Seconds()
	fmt.Printf("recorded %d results in %.1f s, %.1f a second (%d refused)\n",
		recorded.Load(), elapsed, float64(recorded.Load())/elapsed, failed.Load())
	return nil
}

// apiToken logs the organiser username in through the API.
func apiToken(ctx context.Context, server, username string) (string, error) {
	body, _ := json.Marshal(map[string]string{"username": username, "password": "tablestakes"})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, server+"/api/v1/login", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var out struct {
		Token string `json:"token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || out.Token == "" {
		return "", fmt.Errorf("log in as the load organiser: %s", res.Status)
	}
	return out.Token, nil
}

// postResult records game id's result through the API: a plausible result for its seats.
func postResult(server, token string, st *store.Store, id int64, slug string, salt int) error {
	ctx := context.Background()
	g, err := scoring.GameBySlug(slug)
	if err != nil {
		return fmt.Errorf("game %d: %w", id, err)
	}
	sg, err := st.Game(ctx, id)
	if err != nil {
		return err
	}
	input, err := resultInput(g, sg, salt)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, fmt.Sprintf("%s/api/v1/games/%d/result", server, id), bytes.NewReader(input))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusCreated && res.StatusCode != http.StatusOK {
		var e struct {
			Error string `json:"error"`
		}
		_ = json.NewDecoder(res.Body).Decode(&e)
		return fmt.Errorf("game %d: %s: %s", id, res.Status, e.Error)
	}
	return nil
}
