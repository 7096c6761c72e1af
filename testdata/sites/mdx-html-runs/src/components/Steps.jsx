import { Children, isValidElement } from 'react';

// Steps numbers each element among its children: a component whose output depends on how many
// children it is given, so a run inside it must reach it as its elements.
export default function Steps({ children }) {
  const steps = Children.toArray(children).filter(isValidElement);
  return (
    <ol className="fixture-steps">
      {steps.map((step, i) => (
        <li key={step.key} data-step={i + 1}>
          {step}
        </li>
      ))}
    </ol>
  );
}
