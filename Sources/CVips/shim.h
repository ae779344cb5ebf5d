// The libvips 8.14 and GObject functions bingwall calls, through a table filled by dlopen/dlsym
// at first use instead of by the linker (see VipsLibrary.swift for why), and fixed-argument
// wrappers for libvips's variadic operations, which Swift cannot call.
//
// The types are declared opaquely and the enum values copied, so neither libvips's nor glib's
// include paths are needed to build; check/prototypes.c assigns every real function to its
// member here and compares every constant, and a test compiles it against <vips/vips.h>.
// https://www.libvips.org/API/8.14/
#ifndef BINGWALL_CVIPS_SHIM_H
#define BINGWALL_CVIPS_SHIM_H

#include "../CLoader/loader.h"
#include <stddef.h>

typedef struct _VipsImage VipsImage;
typedef struct _VipsArea VipsArea;
typedef struct _VipsArrayDouble VipsArrayDouble;

// Values of the libvips enums the wrappers pass (VipsAccess, VipsFailOn, VipsInteresting,
// VipsKernel, VipsExtend, VipsBlendMode, VipsBandFormat, VipsForeignSubsample, VipsTextWrap).
enum {
  BW_VIPS_ACCESS_SEQUENTIAL = 1,
  BW_VIPS_FAIL_ON_TRUNCATED = 1,
  BW_VIPS_INTERESTING_NONE = 0,
  BW_VIPS_INTERESTING_ATTENTION = 3,
  /// VipsKernel's linear interpolation.
  BW_VIPS_KERNEL_LINEAR = 1,
  BW_VIPS_EXTEND_BLACK = 0,
  BW_VIPS_EXTEND_BACKGROUND = 5,
  BW_VIPS_BLEND_MODE_OVER = 2,
  BW_VIPS_FORMAT_UCHAR = 0,
  BW_VIPS_FORMAT_USHORT = 2,
  BW_VIPS_INTERPRETATION_B_W = 1,
  BW_VIPS_INTERPRETATION_SRGB = 22,
  BW_VIPS_FOREIGN_SUBSAMPLE_ON = 1,
  BW_VIPS_TEXT_WRAP_WORD_CHAR = 2,
  // GLogLevelFlags' G_LOG_LEVEL_WARNING.
  BW_G_LOG_LEVEL_WARNING = 1 << 4,
};

typedef void (*bw_g_log_func)(const char *_Nullable domain, int level, const char *_Nullable message,
                              void *_Nullable context);

/// Every libvips and GObject function bingwall calls, resolved once from the loaded library
/// (GObject's and glib's through libvips's own dependencies). All are in libvips 8.13 and later
/// (vips_block_untrusted_set is the newest); Debian 12 ships 8.14.
typedef struct bw_vips_api {
  // vips_init: `init` would be an initialiser to Swift.
  int (*_Nonnull start)(const char *_Nonnull argv0);
  int (*_Nonnull version)(int flag);
  // Copies libvips's error text and empties it under libvips's own lock (8.9+), so a text is
  // never torn by another thread's failure while it is read.
  char *_Nonnull (*_Nonnull error_buffer_copy)(void);
  void (*_Nonnull cache_set_max)(int max);
  void (*_Nonnull concurrency_set)(int concurrency);
  void (*_Nonnull block_untrusted_set)(int state);
  void (*_Nonnull operation_block_set)(const char *_Nonnull name, int state);
  int (*_Nonnull image_get_width)(const VipsImage *_Nonnull image);
  int (*_Nonnull image_get_height)(const VipsImage *_Nonnull image);
  int (*_Nonnull image_get_bands)(const VipsImage *_Nonnull image);
  VipsImage *_Nullable (*_Nonnull image_copy_memory)(VipsImage *_Nonnull image);
  VipsArrayDouble *_Nullable (*_Nonnull array_double_new)(const double *_Nonnull array, int count);
  void (*_Nonnull area_unref)(VipsArea *_Nonnull area);
  int (*_Nonnull jpegload)(const char *_Nonnull path, VipsImage *_Nullable *_Nonnull out, ...);
  int (*_Nonnull thumbnail)(const char *_Nonnull path, VipsImage *_Nullable *_Nonnull out, int width, ...);
  int (*_Nonnull linear1)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, double a, double b,
                          ...);
  int (*_Nonnull gaussblur)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, double sigma, ...);
  int (*_Nonnull resize)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, double scale, ...);
  int (*_Nonnull zoom)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, int xfac, int yfac, ...);
  int (*_Nonnull embed)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, int x, int y, int width,
                        int height, ...);
  int (*_Nonnull extract_area)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, int left, int top,
                               int width, int height, ...);
  int (*_Nonnull extract_band)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, int band, ...);
  int (*_Nonnull insert)(VipsImage *_Nonnull main, VipsImage *_Nonnull sub, VipsImage *_Nullable *_Nonnull out,
                         int x, int y, ...);
  int (*_Nonnull cast)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, int format, ...);
  // VipsBlendMode has no negative value, so the compiler makes it unsigned.
  int (*_Nonnull composite2)(VipsImage *_Nonnull base, VipsImage *_Nonnull overlay,
                             VipsImage *_Nullable *_Nonnull out, unsigned int mode, ...);
  int (*_Nonnull text)(VipsImage *_Nullable *_Nonnull out, const char *_Nonnull text, ...);
  int (*_Nonnull avg)(VipsImage *_Nonnull in, double *_Nonnull out, ...);
  int (*_Nonnull deviate)(VipsImage *_Nonnull in, double *_Nonnull out, ...);
  int (*_Nonnull jpegsave_buffer)(VipsImage *_Nonnull in, void *_Nullable *_Nonnull buffer,
                                  size_t *_Nonnull length, ...);
  void (*_Nonnull object_unref)(void *_Nonnull object);
  void (*_Nonnull free)(void *_Nullable memory);
  unsigned int (*_Nonnull log_set_handler)(const char *_Nullable domain, int levels,
                                           bw_g_log_func _Nonnull handler, void *_Nullable context);
  // The PNG loader and what a PNG's pixels need before the steps a JPEG's go through; last, so
  // that the members before keep their offsets.
  // VipsBandFormat has a negative value (VIPS_FORMAT_NOTSET), so the compiler makes it int.
  int (*_Nonnull image_get_format)(const VipsImage *_Nonnull image);
  int (*_Nonnull image_hasalpha)(VipsImage *_Nonnull image);
  int (*_Nonnull pngload)(const char *_Nonnull path, VipsImage *_Nullable *_Nonnull out, ...);
  int (*_Nonnull thumbnail_image)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, int width, ...);
  int (*_Nonnull flatten)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, ...);
  int (*_Nonnull copy)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, ...);
  // The dark look as a table of 256 values, looked up per sample; last, as above.
  int (*_Nonnull identity)(VipsImage *_Nullable *_Nonnull out, ...);
  int (*_Nonnull maplut)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, VipsImage *_Nonnull lut,
                         ...);
  int (*_Nonnull reduce)(VipsImage *_Nonnull in, VipsImage *_Nullable *_Nonnull out, double hshrink,
                         double vshrink, ...);
} bw_vips_api;

/// Every field of bw_vips_api with its function's name in libvips or GObject (BW_LIBRARY_LOADER).
#define BW_VIPS_SYMBOLS(RESOLVE)                           \
  RESOLVE(start, "vips_init")                              \
  RESOLVE(version, "vips_version")                         \
  RESOLVE(error_buffer_copy, "vips_error_buffer_copy")     \
  RESOLVE(cache_set_max, "vips_cache_set_max")             \
  RESOLVE(concurrency_set, "vips_concurrency_set")         \
  RESOLVE(block_untrusted_set, "vips_block_untrusted_set") \
  RESOLVE(operation_block_set, "vips_operation_block_set") \
  RESOLVE(image_get_width, "vips_image_get_width")         \
  RESOLVE(image_get_height, "vips_image_get_height")       \
  RESOLVE(image_get_bands, "vips_image_get_bands")         \
  RESOLVE(image_copy_memory, "vips_image_copy_memory")     \
  RESOLVE(array_double_new, "vips_array_double_new")       \
  RESOLVE(area_unref, "vips_area_unref")                   \
  RESOLVE(jpegload, "vips_jpegload")                       \
  RESOLVE(thumbnail, "vips_thumbnail")                     \
  RESOLVE(linear1, "vips_linear1")                         \
  RESOLVE(gaussblur, "vips_gaussblur")                     \
  RESOLVE(resize, "vips_resize")                           \
  RESOLVE(zoom, "vips_zoom")                               \
  RESOLVE(embed, "vips_embed")                             \
  RESOLVE(extract_area, "vips_extract_area")               \
  RESOLVE(extract_band, "vips_extract_band")               \
  RESOLVE(insert, "vips_insert")                           \
  RESOLVE(cast, "vips_cast")                               \
  RESOLVE(composite2, "vips_composite2")                   \
  RESOLVE(text, "vips_text")                               \
  RESOLVE(avg, "vips_avg")                                 \
  RESOLVE(deviate, "vips_deviate")                         \
  RESOLVE(jpegsave_buffer, "vips_jpegsave_buffer")         \
  RESOLVE(object_unref, "g_object_unref")                  \
  RESOLVE(free, "g_free")                                  \
  RESOLVE(log_set_handler, "g_log_set_handler")            \
  RESOLVE(image_get_format, "vips_image_get_format")       \
  RESOLVE(image_hasalpha, "vips_image_hasalpha")           \
  RESOLVE(pngload, "vips_pngload")                         \
  RESOLVE(thumbnail_image, "vips_thumbnail_image")         \
  RESOLVE(flatten, "vips_flatten")                          \
  RESOLVE(copy, "vips_copy")                                \
  RESOLVE(identity, "vips_identity")                        \
  RESOLVE(maplut, "vips_maplut")                            \
  RESOLVE(reduce, "vips_reduce")

/// `bw_vips_load(soname, api)` opens libvips and fills `api`; it names the first missing
/// function in a libvips older than 8.13.
BW_LIBRARY_LOADER(bw_vips_load, bw_vips_api, BW_VIPS_SYMBOLS)

static inline void bw_vips_drop_log_message(const char *_Nullable domain, int level,
                                            const char *_Nullable message, void *_Nullable context) {
  (void)domain, (void)level, (void)message, (void)context;
}

/// libvips repeats each failure as a g_warning per tile on stderr ("error in tile 0 x 128");
/// the error buffer already holds it, and bingwall prints it once.
static inline void bw_vips_drop_warnings(const bw_vips_api *_Nonnull api) {
  api->log_set_handler("VIPS", BW_G_LOG_LEVEL_WARNING, bw_vips_drop_log_message, NULL);
}

/// The JPEG at `path`, read top to bottom once, failing (at the read) when it is cut short.
static inline int bw_vips_jpegload_sequential(const bw_vips_api *_Nonnull api, const char *_Nonnull path,
                                              VipsImage *_Nullable *_Nonnull out) {
  return api->jpegload(path, out, "access", BW_VIPS_ACCESS_SEQUENTIAL, "fail_on", BW_VIPS_FAIL_ON_TRUNCATED,
                       NULL);
}

/// The PNG at `path`, read top to bottom once (an interlaced one is read whole first), failing
/// (at the read) when it is cut short, with libvips's denial-of-service limits kept
/// (`unlimited` off: the size of its text chunks and their number).
/// https://www.libvips.org/API/8.14/VipsForeignSave.html#vips-pngload
static inline int bw_vips_pngload_sequential(const bw_vips_api *_Nonnull api, const char *_Nonnull path,
                                             VipsImage *_Nullable *_Nonnull out) {
  return api->pngload(path, out, "access", BW_VIPS_ACCESS_SEQUENTIAL, "fail_on", BW_VIPS_FAIL_ON_TRUNCATED,
                      "unlimited", 0, NULL);
}

/// The picture at `path` resized to cover `width`x`height` and cut to it at `crop`, or with
/// BW_VIPS_INTERESTING_NONE resized to fit inside; shrinking while it decodes when it can.
/// https://www.libvips.org/API/8.14/libvips-resample.html#vips-thumbnail
static inline int bw_vips_thumbnail(const bw_vips_api *_Nonnull api, const char *_Nonnull path,
                                    VipsImage *_Nullable *_Nonnull out, int width, int height, int crop) {
  return api->thumbnail(path, out, width, "height", height, "crop", crop, "fail_on", BW_VIPS_FAIL_ON_TRUNCATED,
                        NULL);
}

/// As `bw_vips_thumbnail`, from an image already opened (and changed) rather than a file: no
/// shrinking while it decodes.
static inline int bw_vips_thumbnail_image(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                          VipsImage *_Nullable *_Nonnull out, int width, int height, int crop) {
  return api->thumbnail_image(in, out, width, "height", height, "crop", crop, NULL);
}

/// `in * a + b`, kept 8-bit.
static inline int bw_vips_linear1_uchar(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                        VipsImage *_Nullable *_Nonnull out, double a, double b) {
  return api->linear1(in, out, a, b, "uchar", 1, NULL);
}

/// The 256 values of an 8-bit sample, 0 to 255, as a one-band 256x1 image: the table a
/// per-sample function is computed on once (`bw_vips_maplut`).
static inline int bw_vips_identity(const bw_vips_api *_Nonnull api, VipsImage *_Nullable *_Nonnull out) {
  return api->identity(out, NULL);
}

/// Each sample of `in` (8-bit) replaced by its entry in `lut` (256x1), in every band.
static inline int bw_vips_maplut(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                 VipsImage *_Nullable *_Nonnull out, VipsImage *_Nonnull lut) {
  return api->maplut(in, out, lut, NULL);
}

static inline int bw_vips_gaussblur(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                    VipsImage *_Nullable *_Nonnull out, double sigma) {
  return api->gaussblur(in, out, sigma, NULL);
}

/// `in` scaled by `horizontal` across and `vertical` down (Lanczos when shrinking, bicubic when
/// enlarging, libvips's defaults).
static inline int bw_vips_resize(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                 VipsImage *_Nullable *_Nonnull out, double horizontal, double vertical) {
  return api->resize(in, out, horizontal, "vscale", vertical, NULL);
}

/// As `bw_vips_resize`, with a linear kernel: for enlarging a blurred picture, which has no
/// detail for a wider kernel to keep, at half the cost.
static inline int bw_vips_resize_linear(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                        VipsImage *_Nullable *_Nonnull out, double horizontal,
                                        double vertical) {
  return api->resize(in, out, horizontal, "vscale", vertical, "kernel", BW_VIPS_KERNEL_LINEAR, NULL);
}

/// `in` shrunk `horizontal` times across and `vertical` times down through a linear kernel as
/// wide as the shrink (a triangle over the pixels each one replaces), in one pass: what
/// `bw_vips_resize_linear` does for a shrink too, but it first averages whole blocks of pixels
/// (`vips_shrink`) and then reduces again, at four times the cost (measured, 2560x1440 by 5).
/// https://www.libvips.org/API/8.14/libvips-resample.html#vips-reduce
static inline int bw_vips_reduce_linear(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                        VipsImage *_Nullable *_Nonnull out, double horizontal,
                                        double vertical) {
  return api->reduce(in, out, horizontal, vertical, "kernel", BW_VIPS_KERNEL_LINEAR, NULL);
}

/// `in` enlarged `factor` times by repeating each pixel in a `factor`x`factor` block.
static inline int bw_vips_zoom(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                               VipsImage *_Nullable *_Nonnull out, int factor) {
  return api->zoom(in, out, factor, factor, NULL);
}

/// `in` placed at (x, y) on a `width`x`height` canvas of one colour (`background`, one value
/// per band).
static inline int bw_vips_embed_background(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                           VipsImage *_Nullable *_Nonnull out, int x, int y, int width,
                                           int height, VipsArrayDouble *_Nonnull background) {
  return api->embed(in, out, x, y, width, height, "extend", BW_VIPS_EXTEND_BACKGROUND, "background",
                    background, NULL);
}

/// `in` placed at (x, y) on a `width`x`height` canvas of zeros (transparent, for RGBA).
static inline int bw_vips_embed_black(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                      VipsImage *_Nullable *_Nonnull out, int x, int y, int width,
                                      int height) {
  return api->embed(in, out, x, y, width, height, "extend", BW_VIPS_EXTEND_BLACK, NULL);
}

static inline int bw_vips_extract_area(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                       VipsImage *_Nullable *_Nonnull out, int left, int top, int width,
                                       int height) {
  return api->extract_area(in, out, left, top, width, height, NULL);
}

/// Bands `band` to `band + count - 1` of `in`.
static inline int bw_vips_extract_bands(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                        VipsImage *_Nullable *_Nonnull out, int band, int count) {
  return api->extract_band(in, out, band, "n", count, NULL);
}

static inline int bw_vips_insert(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull main,
                                 VipsImage *_Nonnull sub, VipsImage *_Nullable *_Nonnull out, int x, int y) {
  return api->insert(main, sub, out, x, y, NULL);
}

static inline int bw_vips_cast_uchar(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                     VipsImage *_Nullable *_Nonnull out) {
  return api->cast(in, out, BW_VIPS_FORMAT_UCHAR, NULL);
}

/// A 16-bit `in` as 8-bit: each sample's high byte.
static inline int bw_vips_cast_uchar_shift(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                           VipsImage *_Nullable *_Nonnull out) {
  return api->cast(in, out, BW_VIPS_FORMAT_UCHAR, "shift", 1, NULL);
}

/// `in` as it is, said to be in `interpretation` (a 16-bit picture cast to 8 bits still says
/// RGB16, and the thumbnail would scale it down again).
static inline int bw_vips_copy_interpretation(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                              VipsImage *_Nullable *_Nonnull out, int interpretation) {
  return api->copy(in, out, "interpretation", interpretation, NULL);
}

/// `in` without its alpha band, laid over black.
static inline int bw_vips_flatten(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                  VipsImage *_Nullable *_Nonnull out) {
  return api->flatten(in, out, NULL);
}

/// `overlay` drawn over `base` with its top-left corner at (x, y), through its alpha band.
static inline int bw_vips_composite2_over(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull base,
                                          VipsImage *_Nonnull overlay, VipsImage *_Nullable *_Nonnull out,
                                          int x, int y) {
  return api->composite2(base, overlay, out, BW_VIPS_BLEND_MODE_OVER, "x", x, "y", y, NULL);
}

/// Pango `markup` in `font` as an RGBA image, wrapped at `width` pixels; at 72 dpi a font size
/// in points is a size in pixels. Lines break between words, and inside a word wider than the
/// line (PANGO_WRAP_WORD_CHAR): with words only, a 200-letter word is one line wider than any
/// screen, and the caption does not fit. (`wrap` is in libvips 8.14, the oldest bingwall loads.)
static inline int bw_vips_text_rgba(const bw_vips_api *_Nonnull api, VipsImage *_Nullable *_Nonnull out,
                                    const char *_Nonnull markup, const char *_Nonnull font, int width) {
  return api->text(out, markup, "font", font, "width", width, "dpi", 72, "rgba", 1, "wrap",
                   BW_VIPS_TEXT_WRAP_WORD_CHAR, NULL);
}

static inline int bw_vips_avg(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in, double *_Nonnull out) {
  return api->avg(in, out, NULL);
}

static inline int bw_vips_deviate(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                  double *_Nonnull out) {
  return api->deviate(in, out, NULL);
}

/// `in` as a baseline JPEG at `quality`, without its metadata (EXIF, XMP, ICC profile), its
/// colour at half the resolution of its brightness (4:2:0, as Bing's own pictures are): libvips
/// would keep colour whole from quality 90, which costs a third more encoding time and size for
/// detail the source never had.
static inline int bw_vips_jpegsave_buffer(const bw_vips_api *_Nonnull api, VipsImage *_Nonnull in,
                                          void *_Nullable *_Nonnull buffer, size_t *_Nonnull length,
                                          int quality) {
  return api->jpegsave_buffer(in, buffer, length, "Q", quality, "strip", 1, "subsample_mode",
                              BW_VIPS_FOREIGN_SUBSAMPLE_ON, NULL);
}

/// A VipsArrayDouble is a VipsArea (its first member), which is how libvips frees it.
static inline void bw_vips_array_double_unref(const bw_vips_api *_Nonnull api,
                                              VipsArrayDouble *_Nonnull array) {
  api->area_unref((VipsArea *)array);
}

#endif
