package templates

import (
	"context"
	"io"
	"strings"

	"github.com/a-h/templ"
)

// A section that marks the viewer (the league page's standings and games) is rendered
// once for every viewer, with a hook where each player's "is-viewer" class would go, and
// the viewer's classes are spliced in per request (Marked). The hook is a class name
// that cannot come from the database (Postgres text holds no NUL byte) and that HTML
// escaping leaves as it is: NUL, the players' usernames separated by \x01, NUL.
const (
	hookEdge = "\x00"
	hookSep  = "\x01"
)

type hooksKey struct{}

// withViewerHooks is ctx for rendering a section once for every viewer: viewerClass then
// writes hooks instead of marks.
func withViewerHooks(ctx context.Context) context.Context {
	return context.WithValue(ctx, hooksKey{}, true)
}

// viewerClass is the "is-viewer" class of an element that marks players (a standings
// line, a seat, a game's row), on when isViewer; rendered for every viewer
// (withViewerHooks), it is the hook of the players it marks instead.
func viewerClass(ctx context.Context, isViewer bool, players ...string) templ.KeyValue[string, bool] {
	if hooked, _ := ctx.Value(hooksKey{}).(bool); hooked && len(players) > 0 {
		return templ.KV(hookEdge+strings.Join(players, hookSep)+hookEdge, true)
	}
	return templ.KV("is-viewer", isViewer)
}

// gameViewerClass is the "is-viewer" class of game g's row, whose hook is every player
// seated in it.
func gameViewerClass(ctx context.Context, g GameRow) templ.KeyValue[string, bool] {
	if hooked, _ := ctx.Value(hooksKey{}).(bool); !hooked {
		return templ.KV("is-viewer", g.HasViewer)
	}
	players := make([]string, 0, len(g.Seats))
	for _, s := range g.Seats {
		players = append(players, s.Username)
	}
	return viewerClass(ctx, g.HasViewer, players...)
}

// Marked is a section's HTML rendered once for every viewer, marking nobody, with the
// places where each player's "is-viewer" class goes.
type Marked struct {
	html  string
	marks map[string][]viewerMark // username → its classes, in order of place
}

// viewerMark is one "is-viewer" class (with the space that separates it from the
// element's other classes) and the place in the HTML it goes.
type viewerMark struct {
	at    int
	class string
}

// RenderMarked renders c once for every viewer: the HTML marks nobody, as an anonymous
// visitor sees it, and knows where each player's marks go.
func RenderMarked(ctx context.Context, c templ.Component) (Marked, error) {
	var b strings.Builder
	if err := c.Render(withViewerHooks(ctx), &b); err != nil {
		return Marked{}, err
	}
	return spliceHooks(b.String()), nil
}

// spliceHooks takes the hooks out of hooked HTML, with the space that separates each from
// the element's other classes, and notes where each hooked player's class goes.
func spliceHooks(hooked string) Marked {
	var out strings.Builder
	out.Grow(len(hooked))
	m := Marked{marks: map[string][]viewerMark{}}
	rest := hooked
	for {
		start := strings.Index(rest, hookEdge)
		if start < 0 {
			break
		}
		length := strings.Index(rest[start+1:], hookEdge)
		if length < 0 {
			break
		}
		players := rest[start+1 : start+1+length]
		before, after := rest[:start], rest[start+length+2:]
		class := "is-viewer"
		switch {
		case strings.HasSuffix(before, " "): // "seat \x00ann\x00" → "seat" + " is-viewer"
			before, class = before[:len(before)-1], " is-viewer"
		case strings.HasPrefix(after, " "): // "\x00ann\x00 is-leader" → "is-viewer " + "is-leader"
			after, class = after[1:], "is-viewer "
		}
		out.WriteString(before)
		for _, p := range strings.Split(players, hookSep) {
			mk := viewerMark{at: out.Len(), class: class}
			if seen := m.marks[p]; len(seen) == 0 || seen[len(seen)-1] != mk { // a player in two seats of one game
				m.marks[p] = append(seen, mk)
			}
		}
		rest = after
	}
	out.WriteString(rest)
	m.html = out.String()
	return m
}

// For is the section marking the player named username ("" for an anonymous visitor,
// who is marked nowhere).
func (m Marked) For(username string) templ.Component {
	marks := m.marks[username]
	if len(marks) == 0 {
		return templ.Raw(m.html)
	}
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		from := 0
		for _, mk := range marks {
			if _, err := io.WriteString(w, m.html[from:mk.at]); err != nil {
				return err
			}
			if _, err := io.WriteString(w, mk.class); err != nil {
				return err
			}
			from = mk.at
		}
		_, err := io.WriteString(w, m.html[from:])
		return err
	})
}
