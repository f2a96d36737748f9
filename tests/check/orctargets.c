/* pooledconvert tests
 * Every ORC program of the plugin (each .function of the .orc files in
 * plugin/dsp/orc/) has machine code on the SIMD targets that ORC's
 * compiled kernels are meant for: SSE on x86-64 and NEON on aarch64 and
 * 32-bit Arm.  Where ORC has no rule for one of a program's opcodes on a
 * target, it runs orcc's C backup there instead, quietly: the pixels stay
 * right, so no pixel suite can notice that the kernel lost its SIMD code
 * on that machine.  This one does.
 *
 * ORC generates code for any of its targets on any host (it only runs the
 * code on a host that has the instructions), so every target is checked
 * wherever the suite runs.  The target flags are fixed, not taken from the
 * host: SSE at the x86-64 baseline (SSE2 only; ORC's rules for later SSE
 * levels only add to it), NEON in its 64-bit and 32-bit forms.
 *
 * The programs come from the .orc sources themselves, parsed with ORC's own
 * parser: PC_ORC_SOURCE_DIR (set by meson) is the folder they are read from.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include <orc/orc.h>
#include <orc/orcparse.h>
#include <gst/check/gstcheck.h>

typedef struct
{
  const gchar *target_name;
  guint flags;
  const gchar *description;
} TargetCase;

static const TargetCase target_cases[] = {
  {"sse", ORC_TARGET_SSE_SSE2 | ORC_TARGET_SSE_64BIT, "x86-64, SSE2"},
  {"neon", ORC_TARGET_NEON_NEON | ORC_TARGET_NEON_64BIT, "aarch64"},
  {"neon", ORC_TARGET_NEON_NEON, "32-bit Arm"},
};

static gint
compare_paths (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const gchar * const *) a, *(const gchar * const *) b);
}

/* The .orc files in @dir, sorted; fails the test if there are none. */
static GPtrArray *
list_orc_sources (const gchar * dir)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  GError *error = NULL;
  GDir *d = g_dir_open (dir, 0, &error);
  const gchar *name;

  fail_unless (d != NULL, "cannot list %s: %s", dir,
      error ? error->message : "?");
  while ((name = g_dir_read_name (d)) != NULL) {
    if (g_str_has_suffix (name, ".orc"))
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
  }
  g_dir_close (d);
  g_ptr_array_sort (paths, compare_paths);
  fail_unless (paths->len > 0, "no .orc file in %s", dir);
  return paths;
}

/* Compiles every program of the file at @path for @tc; appends a line to
 * @failures for each one that has no code there.  Returns how many
 * programs the file holds. */
static gint
compile_file_for_target (const gchar * path, const TargetCase * tc,
    OrcTarget * target, GString * failures)
{
  gchar *source = NULL;
  gchar *log = NULL;
  OrcProgram **programs = NULL;
  GError *error = NULL;
  gint n, i;

  fail_unless (g_file_get_contents (path, &source, NULL, &error),
      "cannot read %s: %s", path, error ? error->message : "?");
  n = orc_parse_full (source, &programs, &log);
  fail_unless (log == NULL || log[0] == '\0', "%s does not parse:\n%s",
      path, log);

  for (i = 0; i < n; i++) {
    OrcCompileResult result =
        orc_program_compile_full (programs[i], target, tc->flags);

    if (!ORC_COMPILE_RESULT_IS_SUCCESSFUL (result)) {
      const gchar *why = orc_program_get_error (programs[i]);

      g_string_append_printf (failures, "  %s (%s): %s: %s\n",
          orc_program_get_name (programs[i]), path, tc->description,
          why && why[0] ? why : "no code");
    }
    orc_program_free (programs[i]);
  }
  free (programs);
  free (log);
  g_free (source);
  return n;
}

GST_START_TEST (test_every_program_compiles_for_target)
{
  const TargetCase *tc = &target_cases[__i__];
  const gchar *dir = g_getenv ("PC_ORC_SOURCE_DIR");
  OrcTarget *target;
  GPtrArray *paths;
  GString *failures = g_string_new (NULL);
  gint programs = 0;
  guint f;

  fail_unless (dir != NULL, "PC_ORC_SOURCE_DIR is not set");
  target = orc_target_get_by_name (tc->target_name);
  fail_unless (target != NULL, "this ORC has no %s target", tc->target_name);

  paths = list_orc_sources (dir);
  for (f = 0; f < paths->len; f++)
    programs += compile_file_for_target (g_ptr_array_index (paths, f), tc,
        target, failures);
  GST_INFO ("%d programs checked for %s", programs, tc->description);

  fail_unless (programs > 0, "no ORC program in %s", dir);
  fail_unless (failures->len == 0,
      "ORC programs without %s code (%s), they would run orcc's C backup:\n%s",
      tc->target_name, tc->description, failures->str);

  g_ptr_array_unref (paths);
  g_string_free (failures, TRUE);
}

GST_END_TEST;

static Suite *
orctargets_suite (void)
{
  Suite *s = suite_create ("orctargets");
  TCase *tc = tcase_create ("targets");

  orc_init ();
  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_every_program_compiles_for_target, 0,
      G_N_ELEMENTS (target_cases));
  return s;
}

GST_CHECK_MAIN (orctargets);
