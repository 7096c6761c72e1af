// ThemedImage is the classic theme's <ThemedImage sources={{light, dark}} alt>: the image for the
// reader's colour mode. Both are in the HTML and the stylesheet shows the one for the page's
// data-theme, which is set before the first paint: no flash, no script, and it follows a toggle.
// With one source only, that image shows in both modes.
import './theme.css';

export default function ThemedImage({ sources, className, alt, ...rest }) {
  const modes = ['light', 'dark'].filter((mode) => sources?.[mode]);
  return (
    <>
      {modes.map((mode) => {
        const themed = modes.length > 1 ? `themed-image themed-image-${mode}` : 'themed-image';
        return <img key={mode} src={sources[mode]} alt={alt} className={className ? `${themed} ${className}` : themed} {...rest} />;
      })}
    </>
  );
}
