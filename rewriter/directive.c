/* directive.c: the parsers of the directives, from the name after
 * `#pragma dvm` to the end of the text, and the directives' freeing. */
#include "alloc.h"
#include "dir_parser.h"

#include <stdlib.h>
#include <string.h>

/* A clause that may appear once: false (and an error at its name) when it
 * is there a second time. */
static bool clause_once(parser *p, bool given, const char *clause)
{
    if (given)
        lex_error(p, lex_here(p), "'%s' given twice", clause);
    return !given;
}

static void parse_array_or_template(parser *p, directive *d)
{
    for (;;) {
        if (p->failed)
            return;
        if (lex_is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        if (lex_peek(p)->kind == TOK_END)
            return;
        if (lex_is_ident(p, "distribute")) {
            p->pos++;
            if (d->distr_rank) {
                lex_error(p, lex_here(p), "'distribute' given twice");
                return;
            }
            if (!lex_is_punct(p, "[")) {
                lex_error(p, lex_here(p), "expected '[' after 'distribute', found %s", lex_found(p));
                return;
            }
            clause_distribute(p, d);
        } else if (lex_is_ident(p, "shadow") && d->kind == DIR_ARRAY) {
            if (!clause_once(p, d->shadow_rank > 0, "shadow"))
                return;
            p->pos++;
            if (!lex_is_punct(p, "[")) {
                lex_error(p, lex_here(p), "expected '[' after 'shadow', found %s", lex_found(p));
                return;
            }
            d->shadow_rank = clause_ranges(p, d->shadow, false, "a shadow width");
        } else if (lex_is_ident(p, "align") && d->kind == DIR_ARRAY) {
            if (!clause_once(p, d->has_align, "align"))
                return;
            p->pos++;
            clause_align(p, d, false);
        } else if (lex_is_ident(p, "dynamic")) {
            /* DVM's mark of an array or template that may be
             * redistributed or realigned: every one may be here */
            p->pos++;
        } else if (lex_peek(p)->kind == TOK_IDENT) {
            char *name = lex_text(p, lex_peek(p));
            lex_error(p, lex_here(p), "unknown clause '%s' in '%s' directive", name, dir_kind_name(d->kind));
            free(name);
        } else {
            lex_error(p, lex_here(p), "expected a clause, found %s", lex_found(p));
        }
    }
}

static void parse_template_dims(parser *p, directive *d)
{
    dir_range r[DIR_MAX_RANK];
    memset(r, 0, sizeof r);
    /* a bare 'template' (rank 0), as the DVM system allows before an
     * extern declaration like a bare 'array'; the generator wants sizes
     * everywhere else */
    if (lex_peek(p)->kind == TOK_END)
        return;
    if (!lex_is_punct(p, "[")) {
        lex_error(p, lex_here(p), "expected '[' with the template's sizes, found %s", lex_found(p));
        return;
    }
    int rank = clause_ranges(p, r, false, "a template size");
    for (int k = 0; k < rank; k++) {
        if (r[k].lo && r[k].hi && strcmp(r[k].lo, r[k].hi)) {
            lex_error(p, r[k].loc, "a template size must be one expression");
        }
        d->dims[k] = r[k].lo;
        r[k].lo = NULL;
        free(r[k].hi);
    }
    d->dims_rank = rank;
}


/* parallel(N): the depth of the nest, an integer literal from 1 to
 * DIR_MAX_RANK; no 'on'. */
static void parse_parallel_depth(parser *p, directive *d)
{
    dir_loc at = lex_here(p);
    char *text = lex_text(p, lex_peek(p));
    char *end;
    long n = strtol(text, &end, 10);
    bool integer = *end == 0;
    free(text);
    p->pos++;
    if (!integer)
        lex_error(p, at, "expected the number of nested loops after 'parallel(', found '%.*s'",
                  (int)(p->toks[p->pos - 1].end - p->toks[p->pos - 1].start),
                  p->text + p->toks[p->pos - 1].start);
    else if (n < 1)
        lex_error(p, at, "'parallel(%ld)': the number of nested loops must be at least 1", n);
    else if (n > DIR_MAX_RANK)
        lex_error(p, at, "'parallel(%ld)': too many dimensions (at most %d)", n, DIR_MAX_RANK);
    if (p->failed)
        return;
    d->depth_form = true;
    d->loop_rank = (int)n;
    for (int k = 0; k < d->loop_rank; k++)
        d->loop_var_locs[k] = at;
    lex_expect(p, ")", "after the number of nested loops");
}

static void parse_parallel_clauses(parser *p, directive *d)
{
    while (!p->failed && lex_peek(p)->kind != TOK_END) {
        if (lex_is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        if (lex_is_ident(p, "private")) {
            p->pos++;
            clause_paren_vars(p, &d->privates, false, false, "after 'private'");
        } else if (lex_is_ident(p, "reduction")) {
            p->pos++;
            clause_reduction(p, d);
        } else if (lex_is_ident(p, "shadow_renew")) {
            p->pos++;
            clause_paren_vars(p, &d->shadow_renew, true, false, "after 'shadow_renew'");
        } else if (lex_is_ident(p, "across")) {
            p->pos++;
            clause_paren_vars(p, &d->across, true, true, "after 'across'");
        } else if (d->depth_form && (lex_is_ident(p, "remote_access") || lex_is_ident(p, "tie"))) {
            char *name = lex_text(p, lex_peek(p));
            lex_error(p, lex_here(p), "'%s' needs the loop variables by name: write "
                      "'parallel([i]...)' instead of 'parallel(N)'", name);
            free(name);
        } else if (lex_is_ident(p, "remote_access")) {
            p->pos++;
            clause_refs(p, &d->remotes, &d->remote_count, d->loop_vars, d->loop_rank,
                     "after 'remote_access'");
        } else if (lex_is_ident(p, "tie")) {
            p->pos++;
            /* tie(): nothing tied, as in the DVM system */
            if (lex_is_punct(p, "(") && p->toks[p->pos + 1].kind == TOK_PUNCT &&
                p->text[p->toks[p->pos + 1].start] == ')')
                p->pos += 2;
            else
                clause_refs(p, &d->ties, &d->tie_count, d->loop_vars, d->loop_rank, "after 'tie'");
        } else if (lex_is_ident(p, "cuda_block")) {
            /* given again: the last one counts, as in the DVM system */
            for (int k = 0; k < d->cuda_block_rank; k++) {
                free(d->cuda_block[k]);
                d->cuda_block[k] = NULL;
            }
            d->cuda_block_rank = 0;
            p->pos++;
            if (!lex_expect(p, "(", "after 'cuda_block'"))
                return;
            for (;;) {
                if (d->cuda_block_rank == 3) {
                    lex_error(p, lex_here(p), "cuda_block takes at most 3 sizes");
                    return;
                }
                d->cuda_block[d->cuda_block_rank++] = lex_expression(p, ",)", "a block size");
                if (lex_is_punct(p, ",")) {
                    p->pos++;
                    continue;
                }
                break;
            }
            lex_expect(p, ")", "to close 'cuda_block'");
        } else if (lex_is_ident(p, "stage")) {
            /* given again: the last one counts, as in the DVM system */
            free(d->stage);
            d->stage = NULL;
            p->pos++;
            if (lex_expect(p, "(", "after 'stage'")) {
                d->stage = lex_expression(p, ")", "the stage size");
                lex_expect(p, ")", "to close 'stage'");
            }
        } else if (lex_peek(p)->kind == TOK_IDENT) {
            char *name = lex_text(p, lex_peek(p));
            lex_error(p, lex_here(p), "unknown clause '%s' in 'parallel' directive", name);
            free(name);
        } else {
            lex_error(p, lex_here(p), "expected a clause, found %s", lex_found(p));
        }
    }
}

static void dir_free_var(dir_var *v);
static void dir_free_ref(dir_ref *r);

/* A variable may be private or a reduction variable (or location array)
 * once: the loop's handler declares each of them. A name repeated within
 * 'private' says nothing more and is dropped, as the DVM system does. */
static void check_loop_vars(parser *p, directive *d)
{
    int kept = 0;
    for (int k = 0; k < d->privates.count; k++) {
        bool seen = false;
        for (int j = 0; j < kept && !seen; j++)
            seen = !strcmp(d->privates.items[j].name, d->privates.items[k].name);
        if (seen)
            dir_free_var(&d->privates.items[k]);
        else
            d->privates.items[kept++] = d->privates.items[k];
    }
    d->privates.count = kept;
    /* A private array named in 'tie' too (SAPFOR writes 'tie(A[i], P[])
     * private(P)'): each iteration has its own, there is nothing to map. */
    kept = 0;
    for (int k = 0; k < d->tie_count; k++) {
        bool priv = false;
        for (int j = 0; j < d->privates.count && !priv; j++)
            priv = !strcmp(d->privates.items[j].name, d->ties[k].name);
        if (priv)
            dir_free_ref(&d->ties[k]);
        else
            d->ties[kept++] = d->ties[k];
    }
    d->tie_count = kept;
    int n = d->privates.count + 2 * d->reduction_count;
    const char **names = xcalloc((size_t)n + 1, sizeof(char *));
    dir_loc *locs = xcalloc((size_t)n + 1, sizeof(dir_loc));
    int count = 0;
    for (int k = 0; k < d->privates.count; k++) {
        names[count] = d->privates.items[k].name;
        locs[count++] = d->privates.items[k].loc;
    }
    for (int k = 0; k < d->reduction_count; k++) {
        names[count] = d->reductions[k].var;
        locs[count++] = d->reductions[k].loc;
        if (d->reductions[k].loc_var) {
            names[count] = d->reductions[k].loc_var;
            locs[count++] = d->reductions[k].loc_var_loc;
        }
    }
    for (int k = 0; k < count && !p->failed; k++)
        for (int j = 0; j < k && names[k]; j++)
            if (names[j] && !strcmp(names[j], names[k])) {
                lex_error(p, locs[k], "'%s' is named twice in the loop's 'private' and "
                                      "'reduction' clauses", names[k]);
                break;
            }
    free(names);
    free(locs);
}

static void parse_parallel(parser *p, directive *d)
{
    if (!lex_expect(p, "(", "after 'parallel'"))
        return;
    if (lex_peek(p)->kind == TOK_NUMBER) {
        parse_parallel_depth(p, d);
    } else if (!lex_is_punct(p, "[")) {
        lex_error(p, lex_here(p), "expected '[' or the number of nested loops, found %s", lex_found(p));
        return;
    } else {
        d->loop_rank = clause_names(p, d->loop_vars, d->loop_var_locs, false);
        if (p->failed)
            return;
        if (lex_is_ident(p, "on")) {
            p->pos++;
            d->has_on = true;
            clause_mapping_ref(p, &d->on, d->loop_vars, d->loop_rank);
        }
        lex_expect(p, ")", "after the loop variables");
    }
    parse_parallel_clauses(p, d);
    if (!p->failed)
        check_loop_vars(p, d);
}

static void parse_region(parser *p, directive *d)
{
    while (!p->failed && lex_peek(p)->kind != TOK_END) {
        if (lex_is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        if (lex_is_ident(p, "in")) {
            p->pos++;
            clause_paren_vars(p, &d->in, false, false, "after 'in'");
        } else if (lex_is_ident(p, "out")) {
            p->pos++;
            clause_paren_vars(p, &d->out, false, false, "after 'out'");
        } else if (lex_is_ident(p, "inout")) {
            p->pos++;
            clause_paren_vars(p, &d->inout, false, false, "after 'inout'");
        } else if (lex_is_ident(p, "local")) {
            p->pos++;
            clause_paren_vars(p, &d->local, false, false, "after 'local'");
        } else if (lex_is_ident(p, "inlocal")) {
            p->pos++;
            clause_paren_vars(p, &d->inlocal, false, false, "after 'inlocal'");
        } else if (lex_is_ident(p, "async")) {
            p->pos++;
            d->async = true;
        } else if (lex_is_ident(p, "targets")) {
            p->pos++;
            if (!lex_expect(p, "(", "after 'targets'"))
                return;
            /* targets(): none given, which is the default (all), as in the
             * DVM system */
            for (bool first = true; !(first && lex_is_punct(p, ")")); first = false) {
                if (lex_is_ident(p, "HOST") || lex_is_ident(p, "host"))
                    d->targets |= DIR_TARGET_HOST;
                else if (lex_is_ident(p, "CUDA") || lex_is_ident(p, "cuda"))
                    d->targets |= DIR_TARGET_CUDA;
                else {
                    lex_error(p, lex_here(p), "unknown target %s (expected HOST or CUDA)", lex_found(p));
                    return;
                }
                p->pos++;
                if (lex_is_punct(p, ",")) {
                    p->pos++;
                    continue;
                }
                break;
            }
            lex_expect(p, ")", "to close 'targets'");
        } else if (lex_peek(p)->kind == TOK_IDENT) {
            char *name = lex_text(p, lex_peek(p));
            lex_error(p, lex_here(p), "unknown clause '%s' in 'region' directive", name);
            free(name);
        } else {
            lex_error(p, lex_here(p), "expected a clause, found %s", lex_found(p));
        }
    }
}

static void parse_inherit(parser *p, directive *d)
{
    if (!lex_expect(p, "(", "after 'inherit'"))
        return;
    /* inherit(): no parameter receives a distributed array */
    if (lex_is_punct(p, ")")) {
        p->pos++;
        return;
    }
    for (;;) {
        d->names = xrealloc(d->names, sizeof(char *) * (size_t)(d->name_count + 1));
        d->name_locs = xrealloc(d->name_locs, sizeof(dir_loc) * (size_t)(d->name_count + 1));
        d->names[d->name_count] = lex_expect_ident(p, "a parameter name", &d->name_locs[d->name_count]);
        if (!d->names[d->name_count])
            return;
        d->name_count++;
        if (lex_is_punct(p, ",")) {
            p->pos++;
            continue;
        }
        lex_expect(p, ")", "to close 'inherit'");
        return;
    }
}

static void parse_trailing(parser *p)
{
    if (!p->failed && lex_peek(p)->kind != TOK_END)
        lex_error(p, lex_here(p), "unexpected %s at the end of '%s' directive", lex_found(p),
                  dir_kind_name(p->d->kind));
}

static void parse_task(parser *p, directive *d)
{
    d->task_name = lex_expect_ident(p, "a task array name", &d->task_loc);
    if (!d->task_name)
        return;
    if (!lex_expect(p, "[", "with the number of subtasks"))
        return;
    d->task_size = lex_expression(p, "]", "the number of subtasks");
    lex_expect(p, "]", "after the number of subtasks");
    parse_trailing(p);
}

static void parse_map(parser *p, directive *d)
{
    if (!lex_expect(p, "(", "after 'map'"))
        return;
    if (!clause_subtask(p, &d->task_name, &d->task_loc, &d->task_index))
        return;
    bool timed = false;
    while (!p->failed && !lex_is_punct(p, ")") && lex_peek(p)->kind != TOK_END) {
        if (lex_is_punct(p, ",")) {
            p->pos++;
        } else if (lex_is_ident(p, "weight")) {
            if (!clause_once(p, d->weight != NULL, "weight"))
                return;
            p->pos++;
            if (lex_expect(p, "(", "after 'weight'")) {
                d->weight = lex_expression(p, ")", "the subtask's weight");
                lex_expect(p, ")", "to close 'weight'");
            }
        } else if (lex_is_ident(p, "procs")) {
            if (!clause_once(p, d->procs_min || d->procs_max, "procs"))
                return;
            p->pos++;
            clause_colon_pair(p, "after 'procs'", &d->procs_min, &d->procs_max, &d->procs_loc);
        } else if (lex_is_ident(p, "onto")) {
            if (!clause_once(p, d->onto_first || d->onto_last, "onto"))
                return;
            p->pos++;
            clause_colon_pair(p, "after 'onto'", &d->onto_first, &d->onto_last, &d->onto_loc);
        } else if (lex_is_ident(p, "time")) {
            if (!clause_once(p, timed, "time"))
                return;
            timed = true;
            p->pos++;
            if (!lex_expect(p, "(", "after 'time'"))
                return;
            if (lex_is_ident(p, "linear")) {
                p->pos++;
                d->time_model = DIR_TIME_LINEAR;
            } else if (lex_is_ident(p, "amdahl")) {
                p->pos++;
                d->time_model = DIR_TIME_AMDAHL;
                if (lex_expect(p, "(", "after 'amdahl'")) {
                    d->time_arg = lex_expression(p, ")", "the serial fraction");
                    lex_expect(p, ")", "after the serial fraction");
                }
            } else {
                d->time_model = DIR_TIME_USER;
                d->time_arg = lex_expect_ident(p, "linear, amdahl(f) or a function name", NULL);
            }
            lex_expect(p, ")", "to close 'time'");
        } else if (lex_peek(p)->kind == TOK_IDENT) {
            char *name = lex_text(p, lex_peek(p));
            lex_error(p, lex_here(p), "unknown clause '%s' in 'map' directive", name);
            free(name);
        } else {
            lex_error(p, lex_here(p), "expected a clause, found %s", lex_found(p));
        }
    }
    lex_expect(p, ")", "to close 'map'");
    if (!p->failed && d->onto_first && (d->weight || d->procs_min || d->time_arg))
        lex_error(p, d->onto_loc, "'onto' maps a subtask by hand: it cannot be combined with "
                                 "'weight', 'procs' or 'time'");
    parse_trailing(p);
}

static void parse_task_region(parser *p, directive *d)
{
    if (!lex_expect(p, "(", "after 'task_region'"))
        return;
    d->task_name = lex_expect_ident(p, "a task array name", &d->task_loc);
    lex_expect(p, ")", "after the task array's name");
    parse_trailing(p);
}

static void parse_task_link(parser *p, directive *d)
{
    if (!lex_expect(p, "(", "after 'task_link'"))
        return;
    if (!clause_subtask(p, &d->task_name, &d->task_loc, &d->task_index))
        return;
    if (!lex_expect(p, ",", "between the two subtasks"))
        return;
    char *second = NULL;
    bool ok = clause_subtask(p, &second, &d->link_loc, &d->link_index);
    if (ok && strcmp(second, d->task_name))
        lex_error(p, d->link_loc, "task_link joins subtasks of one task array ('%s' and '%s')",
                 d->task_name, second);
    free(second);
    if (!ok || !lex_expect(p, ",", "before the data volume"))
        return;
    d->link_volume = lex_expression(p, ")", "the data volume");
    lex_expect(p, ")", "to close 'task_link'");
    parse_trailing(p);
}


/* The number of an interval: (expr) or expr, up to a comma. */
static char *parse_interval_id(parser *p, const char *close)
{
    if (lex_is_punct(p, "(")) {
        p->pos++;
        char *id = lex_expression(p, ")", "the interval's number");
        lex_expect(p, ")", close);
        return id;
    }
    char *id = lex_expression(p, ",", "the interval's number");
    int depth = 0;
    for (const char *c = id; c && *c; c++)
        depth += *c == '(' || *c == '[' ? 1 : *c == ')' || *c == ']' ? -1 : 0;
    if (depth)
        lex_error(p, lex_here(p), "unbalanced brackets in the interval's number");
    return id;
}

/* exitinterval id, ...: the intervals a jump leaves, innermost first. */
static void parse_exitinterval(parser *p, directive *d)
{
    for (;;) {
        d->exit_ids = xrealloc(d->exit_ids, sizeof(char *) * (size_t)(d->exit_id_count + 1));
        d->exit_id_locs = xrealloc(d->exit_id_locs, sizeof(dir_loc) * (size_t)(d->exit_id_count + 1));
        d->exit_id_locs[d->exit_id_count] = lex_here(p);
        if (lex_peek(p)->kind == TOK_END) {
            lex_error(p, lex_here(p), "expected the number of an interval to exit, found %s",
                      lex_found(p));
            return;
        }
        d->exit_ids[d->exit_id_count] = parse_interval_id(p, "to close the interval's number");
        if (!d->exit_ids[d->exit_id_count])
            return;
        d->exit_id_count++;
        if (p->failed || !lex_is_punct(p, ","))
            break;
        p->pos++;
    }
    parse_trailing(p);
}

static const char *kind_names[DIR_KIND_COUNT] = {
    "template", "array", "inherit", "redistribute", "realign", "region", "parallel",
    "get_actual", "actual", "remote_access", "interval", "task", "map", "task_region",
    "task_link", "endinterval", "exitinterval",
    "host_section", "array_copy", "localize", "unlocalize", "shadow_add",
    "instantiations"};

const char *dir_kind_name(dir_kind kind)
{
    return kind < DIR_KIND_COUNT ? kind_names[kind] : "?";
}


const dir_ref *dir_loop_mapping(const directive *d, const char *name)
{
    if (d->has_on && !strcmp(d->on.name, name))
        return &d->on;
    for (int t = 0; t < d->tie_count; t++)
        if (!strcmp(d->ties[t].name, name))
            return &d->ties[t];
    return NULL;
}



directive *dir_parse(const char *text, const unsigned *line_map, const unsigned *col_map,
                     const char *file, diag_list *diags)
{
    return dir_parse_in(text, line_map, col_map, file, diags, NULL);
}

directive *dir_parse_in(const char *text, const unsigned *line_map, const unsigned *col_map,
                        const char *file, diag_list *diags, const dir_scope *scope)
{
    parser p = {.text = text, .line_map = line_map, .col_map = col_map, .file = file,
                .diags = diags, .scope = scope};
    lex_tokens(&p);
    directive *d = xcalloc(1, sizeof *d);
    p.d = d;
    d->loc = lex_here(&p);
    token *k = lex_peek(&p);
    if (k->kind != TOK_IDENT) {
        lex_error(&p, d->loc, "expected a directive name after '#pragma dvm', found %s", lex_found(&p));
        goto out;
    }
    char *name = lex_text(&p, k);
    int kind;
    for (kind = 0; kind < DIR_KIND_COUNT && strcmp(name, kind_names[kind]); kind++)
        ;
    if (kind == DIR_KIND_COUNT) {
        lex_error(&p, d->loc, "unknown directive '%s'", name);
        free(name);
        goto out;
    }
    free(name);
    p.pos++;
    d->kind = (dir_kind)kind;
    switch (d->kind) {
    case DIR_TEMPLATE:
        parse_template_dims(&p, d);
        parse_array_or_template(&p, d);
        break;
    case DIR_ARRAY:
        parse_array_or_template(&p, d);
        break;
    case DIR_INHERIT:
        parse_inherit(&p, d);
        parse_trailing(&p);
        break;
    case DIR_REDISTRIBUTE:
        if (lex_expect(&p, "(", "after 'redistribute'")) {
            d->distr_target = lex_expect_ident(&p, "an array or template name", NULL);
            if (!p.failed && !lex_is_punct(&p, "["))
                lex_error(&p, lex_here(&p), "expected '[' with the new distribution, found %s", lex_found(&p));
            clause_distribute(&p, d);
            lex_expect(&p, ")", "to close 'redistribute'");
        }
        parse_trailing(&p);
        break;
    case DIR_REALIGN:
        clause_align(&p, d, true);
        if (!p.failed && lex_is_ident(&p, "new_value")) {
            d->new_value = true;
            p.pos++;
        }
        parse_trailing(&p);
        break;
    case DIR_REGION:
        parse_region(&p, d);
        break;
    case DIR_PARALLEL:
        parse_parallel(&p, d);
        break;
    case DIR_GET_ACTUAL:
    case DIR_ACTUAL:
        if (lex_is_punct(&p, "(")) {
            d->has_list = true;
            clause_paren_vars(&p, &d->list, false, false, "");
        }
        parse_trailing(&p);
        break;
    case DIR_REMOTE_ACCESS:
        clause_refs(&p, &d->remotes, &d->remote_count, NULL, 0, "after 'remote_access'");
        parse_trailing(&p);
        break;
    case DIR_INTERVAL:
        if (lex_peek(&p)->kind != TOK_END)
            d->interval_id = parse_interval_id(&p, "to close 'interval'");
        parse_trailing(&p);
        break;
    case DIR_ENDINTERVAL:
        parse_trailing(&p);
        break;
    case DIR_EXITINTERVAL:
        parse_exitinterval(&p, d);
        break;
    case DIR_TASK:
        parse_task(&p, d);
        break;
    case DIR_MAP:
        parse_map(&p, d);
        break;
    case DIR_TASK_REGION:
        parse_task_region(&p, d);
        break;
    case DIR_TASK_LINK:
        parse_task_link(&p, d);
        break;
    case DIR_HOST_SECTION:
        parse_trailing(&p);
        break;
    case DIR_ARRAY_COPY:
        dir_parse_array_copy(&p, d);
        parse_trailing(&p);
        break;
    case DIR_LOCALIZE:
        dir_parse_localize(&p, d);
        parse_trailing(&p);
        break;
    case DIR_UNLOCALIZE:
        dir_parse_unlocalize(&p, d);
        parse_trailing(&p);
        break;
    case DIR_SHADOW_ADD:
        dir_parse_shadow_add(&p, d);
        parse_trailing(&p);
        break;
    default:
        /* recognised: the code generator reports them as not supported yet */
        break;
    }
out:
    free(p.toks);
    if (p.failed) {
        dir_free(d);
        return NULL;
    }
    return d;
}

static void dir_free_ref(dir_ref *r)
{
    free(r->name);
    for (int k = 0; k < r->rank; k++) {
        free(r->index[k].var);
        free(r->index[k].a);
        free(r->index[k].b);
    }
}

static void dir_free_var(dir_var *v)
{
    free(v->name);
    free(v->edge);
    for (int j = 0; j < v->rank; j++) {
        free(v->range[j].lo);
        free(v->range[j].hi);
    }
}

static void dir_free_vars(dir_var_list *l)
{
    for (int k = 0; k < l->count; k++)
        dir_free_var(&l->items[k]);
    free(l->items);
}

void dir_macro_free(dir_macro *m)
{
    for (int k = 0; k < m->nparams; k++)
        free(m->params[k]);
    for (int k = 0; k < m->nbody; k++)
        free(m->body[k]);
    free(m->params);
    free(m->body);
    memset(m, 0, sizeof *m);
}

void dir_free(directive *d)
{
    if (!d)
        return;
    for (int k = 0; k < d->distr_rank; k++) {
        free(d->distr[k].arg1);
        free(d->distr[k].arg2);
    }
    free(d->distr_target);
    for (int k = 0; k < d->dims_rank; k++)
        free(d->dims[k]);
    for (int k = 0; k < d->shadow_rank; k++) {
        free(d->shadow[k].lo);
        free(d->shadow[k].hi);
    }
    free(d->realign_array);
    for (int k = 0; k < d->align_rank; k++)
        free(d->align_dummy[k]);
    dir_free_ref(&d->align_target);
    for (int k = 0; k < d->name_count; k++)
        free(d->names[k]);
    free(d->names);
    free(d->name_locs);
    free(d->sa_target);
    for (int k = 0; k < d->sa_expr_count; k++)
        free(d->sa_exprs[k]);
    free(d->sa_exprs);
    free(d->sa_var);
    free(d->sa_name);
    for (int k = 0; k < d->loop_rank; k++)
        free(d->loop_vars[k]);
    dir_free_ref(&d->on);
    dir_free_vars(&d->privates);
    for (int k = 0; k < d->reduction_count; k++) {
        free(d->reductions[k].var);
        free(d->reductions[k].loc_var);
        free(d->reductions[k].loc_count);
    }
    free(d->reductions);
    dir_free_vars(&d->shadow_renew);
    dir_free_vars(&d->across);
    for (int k = 0; k < d->remote_count; k++)
        dir_free_ref(&d->remotes[k]);
    free(d->remotes);
    for (int k = 0; k < d->tie_count; k++)
        dir_free_ref(&d->ties[k]);
    free(d->ties);
    for (int k = 0; k < d->cuda_block_rank; k++)
        free(d->cuda_block[k]);
    free(d->stage);
    dir_free_vars(&d->in);
    dir_free_vars(&d->out);
    dir_free_vars(&d->inout);
    dir_free_vars(&d->local);
    dir_free_vars(&d->inlocal);
    dir_free_vars(&d->list);
    free(d->interval_id);
    for (int k = 0; k < d->exit_id_count; k++)
        free(d->exit_ids[k]);
    free(d->exit_ids);
    free(d->exit_id_locs);
    free(d->task_name);
    free(d->task_size);
    free(d->task_index);
    free(d->weight);
    free(d->procs_min);
    free(d->procs_max);
    free(d->onto_first);
    free(d->onto_last);
    free(d->time_arg);
    free(d->link_index);
    free(d->link_volume);
    free(d);
}
