// ThemedImage is the classic theme's <ThemedImage sources={{light, dark}} alt>: the image for the
// reader's colour mode. Both are in the HTML and the stylesheet shows the one for the page's
// data-theme, which is set before the first paint: no flash, no script, and it follows a toggle.
import './theme.css';

export default function ThemedImage({ sources, className, alt, ...rest }) {
  return (
    <>
      {['light', 'dark'].map((mode) =>
        sources?.[mode] ? (
          <img key={mode} src={sources[mode]} alt={alt} className={className ? `themed-image themed-image-${mode} ${className}` : `themed-image themed-image-${mode}`} {...rest} />
        ) : null,
      )}
    </>
  );
}
