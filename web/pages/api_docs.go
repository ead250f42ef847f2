package pages

import (
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/apidoc"
)

// apiDocs renders the JSON API's OpenAPI description for people: /api. Drawn on the
// server from the same document /api/v1/openapi.json serves, so the two never disagree.
func (h *Handler) apiDocs(c echo.Context) error {
	doc, err := apidoc.Parse()
	if err != nil {
		return err
	}
	ops, err := doc.Operations()
	if err != nil {
		return err
	}
	v := templates.APIDocView{Title: doc.Info.Title, Version: doc.Info.Version, Summary: doc.Info.Summary}
	for _, para := range strings.Split(strings.TrimSpace(doc.Info.Description), "\n\n") {
		v.Intro = append(v.Intro, strings.Join(strings.Fields(para), " "))
	}
	for _, t := range doc.Tags {
		g := templates.APIGroup{Name: t.Name, Description: t.Description}
		for _, op := range ops {
			if len(op.Tags) == 0 || op.Tags[0] != t.Name {
				continue
			}
			g.Operations = append(g.Operations, apiOperationView(doc, op))
		}
		v.Groups = append(v.Groups, g)
	}
	return h.Render(c, http.StatusOK, templates.APIDocs(h.Page(c, "API"), v))
}

func apiOperationView(doc *apidoc.Document, op apidoc.Operation) templates.APIOperation {
	out := templates.APIOperation{ID: op.OperationID, Method: op.Method, Path: op.Path, Summary: op.Summary,
		Description: op.Description, Public: op.Public()}
	if _, fields := doc.Body(op); len(fields) > 0 {
		for _, f := range fields {
			out.Body = append(out.Body, templates.APIField(f))
		}
	}
	for _, status := range sortedStatuses(op.Responses) {
		desc, schema := doc.ResponseOf(op.Responses[status])
		out.Responses = append(out.Responses, templates.APIResponse{Status: status, Description: desc, Schema: schema})
	}
	return out
}

func sortedStatuses(rs map[string]*apidoc.Response) []string {
	out := make([]string, 0, len(rs))
	for s := range rs {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}
